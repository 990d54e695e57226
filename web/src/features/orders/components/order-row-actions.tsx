/**
 * An order row's icons (spec 2 §2, §4, §6): view unless draft, modify while the status allows it and delete while
 * deletable (writers only; any status for the superadmin, after a confirmation), and the status page for users
 * with the update-status right.
 */
import { canUpdateStatus, isWritter, type Principal } from '@cellar/shared/access/roles';
import type { Order } from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconPencil, IconProgressCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIcon } from '../../../components/ui/row-icon';
import { orderPath } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { useDeleteOrder } from '../api/save-order';

/** Width of the actions column: one icon slot per action the principal may see. */
export const rowActionsWidth = (p: Principal, withModify: boolean) =>
  16 + 28 * (1 + (isWritter(p) ? (withModify ? 2 : 1) : 0) + (canUpdateStatus(p) ? 1 : 0));

interface OrderRowActionsProps {
  order: Order;
  principal: Principal;
  /** The modify page (null: no modify icon). */
  modifyPath: ((id: string) => string) | null;
  onDeleted: (order: Order) => void;
}

export function OrderRowActions({ order, principal, modifyPath, onDeleted }: OrderRowActionsProps) {
  const { t } = useTranslation();
  const remove = useDeleteOrder();
  const name = order.reference || t('orders.no_reference');
  const writer = isWritter(principal);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('orders.delete_title'),
      children: <Text size="sm">{t('orders.delete_confirm', { reference: name })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(order.id, {
          onSuccess: () => {
            notify('success', t('orders.deleted', { reference: name }));
            onDeleted(order);
          },
        }),
    });

  return (
    <Group gap={2} wrap="nowrap" h="100%">
      {orderRules.isViewable(order.statusCode) && (
        <RowIcon label={t('orders.view')} name={name} icon={IconEye} to={orderPath('detail', order.id)} />
      )}
      {writer && modifyPath && orderRules.isModifiable(order.statusCode) && (
        <RowIcon label={t('common.edit')} name={name} icon={IconPencil} to={modifyPath(order.id)} />
      )}
      {canUpdateStatus(principal) && (
        <RowIcon
          label={t('orders.change_status')}
          name={name}
          icon={IconProgressCheck}
          to={orderPath('status', order.id)}
        />
      )}
      {writer && orderRules.isDeletable(order.statusCode, principal) && (
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
