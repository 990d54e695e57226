/**
 * /shipping-order/list (alias /shipping-order): the grid, the create button for writers (offering to continue the
 * shipping order kept in the session), the magnifier to the detail and the pencil opening the status modal.
 */
import { isWritter } from '@cellar/shared/access/roles';
import type { ShippingOrder } from '@cellar/shared/shippingOrders/schemas';
import { Button, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { DraftChoiceModal } from '../components/draft-choice-modal';
import { rowActionsWidth, ShippingOrderRowActions } from '../components/shipping-order-row-actions';
import { ShippingOrdersGrid } from '../components/shipping-orders-grid';
import { StatusModal } from '../components/status-modal';
import { currentShippingOrder } from '../utils/current-shipping-order';

export function ShippingOrderListRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const principal = usePrincipal();
  const grid = useRef<DataGridHandle>(null);
  const [kept, setKept] = useState<string | null>(null);
  const [editing, setEditing] = useState<ShippingOrder | null>(null);

  const rowActions = useCallback(
    (o: ShippingOrder) => <ShippingOrderRowActions shippingOrder={o} principal={principal} onStatus={setEditing} />,
    [principal],
  );

  const startNew = () => {
    const found = currentShippingOrder.get();
    if (found) setKept(found.values.reference);
    else navigate(paths.shippingOrders.create.path);
  };

  const addButton = isWritter(principal) && (
    <Button leftSection={<IconPlus size={16} />} onClick={startNew}>
      {t('shipping_orders.add')}
    </Button>
  );

  return (
    <Stack>
      <Title order={2}>{t(paths.shippingOrders.list.title)}</Title>
      <ShippingOrdersGrid
        ref={grid}
        principal={principal}
        rowActions={rowActions}
        rowActionsWidth={rowActionsWidth(principal)}
        actions={addButton}
      />
      <DraftChoiceModal
        reference={kept}
        onClose={() => setKept(null)}
        onNew={() => {
          currentShippingOrder.clear();
          navigate(paths.shippingOrders.create.path);
        }}
        onContinue={() => navigate(paths.shippingOrders.create.path)}
      />
      <StatusModal
        shippingOrder={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          grid.current?.refresh();
        }}
      />
    </Stack>
  );
}
