/**
 * A writer's cancellation of an order (detail page, list row), after a confirmation that says what will happen:
 * before the warehouse starts preparing, the order is cancelled at once and its stock released ('Annuler la
 * commande'); while it prepares, the warehouse is asked and confirms or refuses ('Demander l'annulation'). Not
 * offered once shipped or cancelled, nor while a request waits for the warehouse's answer.
 */
import { isWritter, type Principal } from '@cellar/shared/access/roles';
import type { Order } from '@cellar/shared/orders/schemas';
import { type Cancellation, orderRules } from '@cellar/shared/orders/status';
import { Alert, Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconClockPause, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePrincipal } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { useCancelOrder } from '../api/save-order';

/** How `principal` may cancel `order` now: at once, as a request, or not at all. */
export const cancellationOf = (order: Pick<Order, 'statusCode' | 'fulfilment'>, principal: Principal | null) =>
  isWritter(principal)
    ? orderRules.cancellation(order.statusCode, order.fulfilment.cancellation === 'requested')
    : null;

export interface CancelOrderAction {
  how: Cancellation;
  /** 'Annuler la commande' or 'Demander l'annulation'. */
  label: string;
  /** Opens the confirmation; the order is cancelled (or the request sent) once confirmed. */
  open: () => void;
  pending: boolean;
}

/** The cancellation offered to the signed-in user on `order`; `onDone` follows a success. */
export function useCancelOrderAction(order: Order, onDone?: (saved: Order) => void): CancelOrderAction {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const cancel = useCancelOrder();
  const how = cancellationOf(order, principal);
  const reference = order.reference || t('orders.no_reference');
  const label = how === 'request' ? t('orders.cancel.request') : t('orders.cancel.now');
  const open = () =>
    modals.openConfirmModal({
      title: label,
      children: (
        <Text size="sm">
          {how === 'request'
            ? t('orders.cancel.request_confirm', { reference })
            : t('orders.cancel.now_confirm', { reference })}
        </Text>
      ),
      labels: { confirm: label, cancel: t('orders.cancel.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel
          .mutateAsync(order.id)
          .then((saved) => {
            notify(
              'success',
              saved.statusCode === '050'
                ? t('orders.cancel.done', { reference })
                : t('orders.cancel.requested_done', { reference }),
            );
            onDone?.(saved);
          })
          .catch(() => undefined),
    });
  return { how, label, open, pending: cancel.isPending };
}

/** The detail page's button, when the order may be cancelled. */
export function CancelOrderButton({ order }: { order: Order }) {
  const action = useCancelOrderAction(order);
  if (!action.how) return null;
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconBan size={16} />}
      loading={action.pending}
      onClick={action.open}
    >
      {action.label}
    </Button>
  );
}

/**
 * Where a cancellation stands, or why the warehouse refused: a request waiting for the warehouse's answer, a
 * request refused (with the warehouse's reason), an order the warehouse refused.
 */
export function CancellationNotice({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { cancellation, reason } = order.fulfilment;
  const because = reason ? t('orders.cancel.reason', { reason }) : null;
  if (cancellation === 'requested') {
    return (
      <Alert color="yellow" variant="light" icon={<IconClockPause size={18} />} title={t('orders.cancel.pending')}>
        {t('orders.cancel.pending_text')}
      </Alert>
    );
  }
  if (cancellation === 'refused') {
    return (
      <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} title={t('orders.cancel.refused')}>
        {because ?? t('orders.cancel.refused_text')}
      </Alert>
    );
  }
  if (order.statusCode === '050' && reason) {
    return (
      <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} title={t('orders.refused')}>
        {because}
      </Alert>
    );
  }
  return null;
}
