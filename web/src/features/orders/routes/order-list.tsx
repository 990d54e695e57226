/**
 * /order/list (alias /order, ?search_filter=): the grid, the row icons and, for users allowed to, the button that
 * republishes the transmitting orders to the warehouse. The rows are reloaded in the background so that status
 * changes made elsewhere (the warehouse acknowledging, another user) show without a reload.
 */
import { canSendTransmittingOrder } from '@cellar/shared/access/roles';
import type { Order } from '@cellar/shared/orders/schemas';
import { Button, Stack, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { ORDER_REFRESH_MS } from '../api/get-order';
import { useResendTransmitting } from '../api/save-order';
import { OrderRowActions, rowActionsWidth } from '../components/order-row-actions';
import { OrdersGrid } from '../components/orders-grid';

export function OrderListRoute() {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const grid = useRef<DataGridHandle>(null);
  const resend = useResendTransmitting();

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') grid.current?.refresh();
    }, ORDER_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const rowActions = useCallback(
    (o: Order) => (
      <OrderRowActions order={o} principal={principal} modifyPath={null} onDeleted={() => grid.current?.refresh()} />
    ),
    [principal],
  );

  const resendButton = canSendTransmittingOrder(principal) && (
    <Button
      variant="light"
      leftSection={<IconSend size={16} />}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => {
            notify(
              answer ? 'success' : 'information',
              answer ? t('order.send-transmitting-orders.success') : t('orders.no_transmitting'),
            );
            grid.current?.refresh();
          },
        })
      }
    >
      {t('orders.resend_transmitting')}
    </Button>
  );

  return (
    <Stack>
      <Title order={2}>{t(paths.orders.list.title)}</Title>
      <OrdersGrid
        ref={grid}
        principal={principal}
        rowActions={rowActions}
        rowActionsWidth={rowActionsWidth(principal, false)}
        actions={resendButton}
      />
    </Stack>
  );
}
