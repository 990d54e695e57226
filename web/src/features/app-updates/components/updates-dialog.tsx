/** The dialog of the ten last updates; a superadmin adds updates above the list and deletes them (confirmed). */
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { AppUpdate } from '@cellar/shared/appUpdates/schemas';
import { Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIcon } from '../../../components/ui/row-icon';
import { usePrincipal } from '../../../lib/auth';
import { formatDay } from '../../../lib/format';
import { useDeleteAppUpdate } from '../api/delete-app-update';
import { useAppUpdates } from '../api/get-app-updates';
import { AppUpdateForm } from './app-update-form';

function UpdateItem({ update, deletable }: { update: AppUpdate; deletable: boolean }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteAppUpdate();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('updates.delete_title'),
      children: <Text size="sm">{t('updates.delete_confirm', { title: update.title })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      size: 'md',
      onConfirm: () => remove.mutate(update.id),
    });

  return (
    <Stack gap={2} component="article" aria-label={update.title}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {formatDay(update.date, i18n.language)}
          </Text>
          <Text fw={600}>{update.title}</Text>
        </Group>
        {deletable && (
          <RowIcon
            label={t('common.delete')}
            name={update.title}
            icon={IconTrash}
            color="red"
            loading={remove.isPending}
            onClick={confirmDelete}
          />
        )}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {update.description}
      </Text>
    </Stack>
  );
}

export function UpdatesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(usePrincipal());
  const updates = useAppUpdates(opened);

  return (
    <Modal opened={opened} onClose={onClose} title={t('updates.dialog_title')}>
      <Stack>
        {superadmin && (
          <>
            <AppUpdateForm />
            <Divider />
          </>
        )}
        {updates.isPending ? (
          <Center h={80}>
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : updates.data?.length ? (
          updates.data.map((u) => <UpdateItem key={u.id} update={u} deletable={superadmin} />)
        ) : (
          <Text c="dimmed">{t('updates.empty')}</Text>
        )}
      </Stack>
    </Modal>
  );
}
