/**
 * An order row's icons (spec 2 §2, §4, §6): view unless draft, modify while draft or entry, the status page for
 * users with the update-status right, the writer's cancellation while the order allows it (at once, or a request
 * to the warehouse), delete while deletable (any status for the superadmin).
 */
import type { Principal } from '@cellar/shared/access/roles';
import type { Order } from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DocumentRowActions } from '../../../components/documents/document-row-actions';
import { RowIcon } from '../../../components/ui/row-icon';
import { orderPath } from '../../../config/paths';
import { useDeleteOrder } from '../api/save-order';
import { useCancelOrderAction } from './cancel-order';

interface OrderRowActionsProps {
  order: Order;
  principal: Principal;
  onDeleted: (order: Order) => void;
  /** The order was cancelled, or its cancellation asked for. */
  onCancelled: (order: Order) => void;
}

export function OrderRowActions({ order, principal, onDeleted, onCancelled }: OrderRowActionsProps) {
  const { t } = useTranslation();
  const remove = useDeleteOrder();
  const cancel = useCancelOrderAction(order, onCancelled);
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
      extra={
        cancel.how && (
          <RowIcon
            label={cancel.label}
            name={name}
            icon={IconBan}
            color="orange"
            loading={cancel.pending}
            onClick={cancel.open}
          />
        )
      }
      deleting={remove.isPending}
      onDelete={() => remove.mutateAsync(order.id)}
      onDeleted={() => onDeleted(order)}
    />
  );
}
