/**
 * /order/list (alias /order, ?search_filter=): the grid, the row icons, the new-order button for writers (offering
 * to continue the tab's current order, else their latest draft, with its product count; a colleague's draft is
 * theirs) and, for users allowed to, the button that republishes the transmitting orders to the warehouse. The rows are reloaded in the background so that status
 * changes made elsewhere (the warehouse acknowledging, another user) show without a reload.
 */
import { canSendTransmittingOrder, isWritter } from '@cellar/shared/access/roles';
import type { Order } from '@cellar/shared/orders/schemas';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { documentActionsWidth } from '../../../components/documents/document-row-actions';
import { DraftChoiceModal, productCount } from '../../../components/documents/draft-choice-modal';
import { ImportButton } from '../../../components/ui/import-button';
import { orderCreatePath, paths } from '../../../config/paths';
import { usePrincipal, useUser } from '../../../lib/auth';
import { draftToContinue } from '../api/get-drafts';
import { ORDER_REFRESH_MS } from '../api/get-order';
import { useResendTransmitting } from '../api/save-order';
import { OrderRowActions } from '../components/order-row-actions';
import { OrdersGrid } from '../components/orders-grid';
import { currentOrder } from '../utils/current-order';

export function OrderListRoute() {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const user = useUser();
  const grid = useRef<DataGridHandle>(null);
  const resend = useResendTransmitting();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Order | null>(null);
  const [checking, setChecking] = useState(false);
  const [ticked, setTicked] = useState<Order[]>([]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') grid.current?.refresh();
    }, ORDER_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const rowActions = useCallback(
    (o: Order) => (
      <OrderRowActions
        order={o}
        principal={principal}
        onDeleted={(deleted) => {
          currentOrder.forget(deleted.id);
          grid.current?.refresh();
        }}
        onCancelled={() => grid.current?.refresh()}
      />
    ),
    [principal],
  );

  const startNew = () => {
    setChecking(true);
    draftToContinue(user.id)
      .then((found) => (found ? setDraft(found) : navigate(orderCreatePath())))
      .catch(() => undefined)
      .finally(() => setChecking(false));
  };

  const addButton = isWritter(principal) && (
    <Button leftSection={<IconPlus size={16} />} onClick={startNew} loading={checking}>
      {t('orders.add')}
    </Button>
  );

  const resendButton = canSendTransmittingOrder(principal) && (
    <Button
      variant="light"
      leftSection={<IconSend size={16} />}
      loading={resend.isPending}
      disabled={ticked.length === 0}
      title={ticked.length === 0 ? t('orders.tick_transmitting') : undefined}
      onClick={() =>
        resend.mutate(
          ticked.map((o) => o.id),
          {
            onSuccess: () => {
              setTicked([]);
              grid.current?.refresh();
            },
          },
        )
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
        // The writer's cancellation icon besides the common ones.
        rowActionsWidth={documentActionsWidth(principal, 1)}
        onTransmittingSelected={canSendTransmittingOrder(principal) ? setTicked : undefined}
        actions={
          <Group gap="xs">
            {addButton}
            {isWritter(principal) && <ImportButton to={paths.orders.import.path} />}
            {resendButton}
          </Group>
        }
      />
      <DraftChoiceModal
        opened={draft !== null}
        texts={{
          title: t('orders.draft_modal.title'),
          text: t('orders.draft_modal.text', {
            count: draft ? productCount(draft.stocks ?? []) : 0,
            reference: draft?.reference || '—',
          }),
          new: t('orders.draft_modal.new'),
          continue: t('orders.draft_modal.continue'),
        }}
        onClose={() => setDraft(null)}
        onNew={() => {
          currentOrder.clear();
          navigate(orderCreatePath());
        }}
        onContinue={() => draft && navigate(orderCreatePath(draft.id))}
      />
    </Stack>
  );
}
