/**
 * An order row's icons (spec 2 §2, §4, §6): view unless draft, modify while draft or entry, delete while deletable
 * (any status for the superadmin), the status page for users with the update-status right.
 */
import type { Principal } from '@cellar/shared/access/roles';
import type { Order } from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import { useTranslation } from 'react-i18next';
import { DocumentRowActions } from '../../../components/documents/document-row-actions';
import { orderPath } from '../../../config/paths';
import { useDeleteOrder } from '../api/save-order';

interface OrderRowActionsProps {
  order: Order;
  principal: Principal;
  onDeleted: (order: Order) => void;
}

export function OrderRowActions({ order, principal, onDeleted }: OrderRowActionsProps) {
  const { t } = useTranslation();
  const remove = useDeleteOrder();
  const name = order.reference || t('orders.no_reference');
  return (
    <DocumentRowActions
      name={name}
      principal={principal}
      allows={{
        view: orderRules.isViewable(order.statusCode),
        modify: orderRules.isModifiable(order.statusCode),
        delete: orderRules.isDeletable(order.statusCode, principal),
      }}
      paths={{
        detail: orderPath('detail', order.id),
        modify: orderPath('modify', order.id),
        status: orderPath('status', order.id),
      }}
      texts={{
        view: t('orders.view'),
        changeStatus: t('orders.change_status'),
        deleteTitle: t('orders.delete_title'),
        deleteConfirm: t('orders.delete_confirm', { reference: name }),
        deleted: t('orders.deleted', { reference: name }),
      }}
      deleting={remove.isPending}
      onDelete={() => remove.mutateAsync(order.id)}
      onDeleted={() => onDeleted(order)}
    />
  );
}
