/**
 * /settings/webhooks: a company's endpoints, for its admins (the provider's staff see every company's, and may
 * narrow them to one). Registering one shows its signing secret once; a new secret too. Each endpoint's delivery
 * log opens in a drawer.
 */
import '../locales/texts';
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { Webhook } from '@cellar/shared/webhooks/schemas';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/errors/load-error';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { useDeleteWebhook, useRotateWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { DeliveryLogDrawer } from '../components/delivery-log';
import { SecretModal, type ShownSecret } from '../components/secret-modal';
import { WebhookFormModal } from '../components/webhook-form-modal';
import { WebhooksTable } from '../components/webhooks-table';

export function WebhooksRoute() {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(usePrincipal());
  const [search, setSearch] = useSearchParams();
  const companyId = superadmin ? search.get('company') : null;
  const list = useWebhooks(companyId);
  const update = useUpdateWebhook();
  const rotate = useRotateWebhook();
  const remove = useDeleteWebhook();
  const [form, setForm] = useState<Webhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const webhooks = list.data ?? [];
  const logged = webhooks.find((w) => w.id === logOf) ?? null;

  const chooseCompany = (id: string | null) =>
    setSearch(
      (s) => {
        if (id) s.set('company', id);
        else s.delete('company');
        return s;
      },
      { replace: true },
    );

  const toggle = (w: Webhook) =>
    update.mutate({
      id: w.id,
      body: { active: !w.active },
      message: t(w.active ? 'webhooks.paused' : 'webhooks.resumed'),
    });

  const confirmRotate = (w: Webhook) =>
    modals.openConfirmModal({
      title: t('webhooks.rotate_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {w.url}
          </Text>
          <Text size="sm">{t('webhooks.rotate_confirm')}</Text>
        </Stack>
      ),
      labels: { confirm: t('webhooks.rotate_ok'), cancel: t('common.cancel') },
      onConfirm: () =>
        rotate.mutate(w.id, {
          onSuccess: (rotated) => setSecret({ secret: rotated.secret, url: rotated.url, rotated: true }),
        }),
    });

  const confirmDelete = (w: Webhook) =>
    modals.openConfirmModal({
      title: t('webhooks.delete_title'),
      children: <Text size="sm">{t('webhooks.delete_confirm', { url: w.url })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('webhooks.delete_keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(w.id),
    });

  return (
    <Stack>
      <Title order={2}>{t(paths.webhooks.title)}</Title>
      <Text size="sm" c="dimmed" maw={760}>
        {t('webhooks.intro')}
      </Text>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {superadmin ? (
          <OwnerAccountField
            label={t('webhooks.company_filter')}
            value={companyId}
            onChange={chooseCompany}
            clearable
            w={{ base: '100%', xs: 320 }}
          />
        ) : (
          <span />
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm('new')}>
          {t('webhooks.add')}
        </Button>
      </Group>
      {list.isPending ? (
        <Center h={160}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : list.isError ? (
        <LoadError
          title={t('webhooks.load_error_title')}
          message={t('webhooks.load_error')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : webhooks.length === 0 ? (
        <Alert variant="light" color="gray">
          {t('webhooks.empty')}
        </Alert>
      ) : (
        <WebhooksTable
          webhooks={webhooks}
          showCompany={superadmin}
          onLog={(w) => setLogOf(w.id)}
          onEdit={setForm}
          onToggle={toggle}
          onRotate={confirmRotate}
          onDelete={confirmDelete}
        />
      )}
      <WebhookFormModal
        open={form}
        companyId={companyId}
        onClose={() => setForm(null)}
        onCreated={(created) => {
          setForm(null);
          notify('success', t('webhooks.created'));
          setSecret({ secret: created.secret, url: created.url, rotated: false });
        }}
      />
      <SecretModal shown={secret} onDone={() => setSecret(null)} />
      <DeliveryLogDrawer webhook={logged} onClose={() => setLogOf(null)} />
    </Stack>
  );
}
