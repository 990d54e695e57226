/**
 * A reception row's icons (spec 3 §2, §4, §6): modify while draft or created and delete while deletable (writers
 * only; any status for the superadmin, after a confirmation), view unless draft, and the status page for users
 * with the update-status right.
 */
import { canUpdateStatus, isWritter, type Principal } from '@cellar/shared/access/roles';
import type { Reception } from '@cellar/shared/receptions/schemas';
import { receptionRules } from '@cellar/shared/receptions/status';
import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconPencil, IconProgressCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIcon } from '../../../components/ui/row-icon';
import { receptionPath } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { useDeleteReception } from '../api/save-reception';

/** Width of the actions column: one icon slot per action the principal may see. */
export const rowActionsWidth = (p: Principal) => 16 + 28 * (1 + (isWritter(p) ? 2 : 0) + (canUpdateStatus(p) ? 1 : 0));

interface ReceptionRowActionsProps {
  reception: Reception;
  principal: Principal;
  onDeleted: (reception: Reception) => void;
}

export function ReceptionRowActions({ reception, principal, onDeleted }: ReceptionRowActionsProps) {
  const { t } = useTranslation();
  const remove = useDeleteReception();
  const name = reception.reference || t('receptions.no_reference');
  const writer = isWritter(principal);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('receptions.delete_title'),
      children: <Text size="sm">{t('receptions.delete_confirm', { reference: name })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(reception.id, {
          onSuccess: () => {
            notify('success', t('receptions.deleted', { reference: name }));
            onDeleted(reception);
          },
        }),
    });

  return (
    <Group gap={2} wrap="nowrap" h="100%">
      {receptionRules.isViewable(reception.statusCode) && (
        <RowIcon label={t('receptions.view')} name={name} icon={IconEye} to={receptionPath('detail', reception.id)} />
      )}
      {writer && receptionRules.isModifiable(reception.statusCode) && (
        <RowIcon label={t('common.edit')} name={name} icon={IconPencil} to={receptionPath('modify', reception.id)} />
      )}
      {canUpdateStatus(principal) && (
        <RowIcon
          label={t('receptions.change_status')}
          name={name}
          icon={IconProgressCheck}
          to={receptionPath('status', reception.id)}
        />
      )}
      {writer && receptionRules.isDeletable(reception.statusCode, principal) && (
        <RowIcon
          label={t('common.delete')}
          name={name}
          icon={IconTrash}
          color="red"
          loading={remove.isPending}
          onClick={confirmDelete}
        />
      )}
    </Group>
  );
}
