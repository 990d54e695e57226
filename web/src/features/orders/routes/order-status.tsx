/**
 * /order/status/{id} (spec 2 §2): the reference and recipient reference read-only, and the status. The warehouse
 * sets the statuses of an order's progress; the page offers only what the user may still set
 * (orderRules.statusChoices): a client admin, the cancellation while the warehouse has not started preparing; the
 * provider's staff, any other status, in the warehouse's stead, which the order's history records. Each change is
 * confirmed first, saying what it does (stock released, shipped, held again; a cancellation the warehouse may still
 * refuse, as it says what then happens); then it saves ('order.update_validate_success_msg'). Whoever may set
 * nothing sees the status read-only, and why.
 */
import { canUpdateStatus, isSuperadmin } from '@cellar/shared/access/roles';
import type { OrderStatusCode } from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import { Group, List, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { OrderStatusBadge, orderStatusLabel } from '../../../components/status/order-status-badge';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { useOrder } from '../api/get-order';
import { useUpdateOrder } from '../api/save-order';
import { type OrderStatusEffect, orderStatusEffects, warehouseMayRefuse } from '../utils/status-change';

export function OrderStatusRoute() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const principal = usePrincipal();
  const order = useOrder(orderId);
  const update = useUpdateOrder();
  const superadmin = isSuperadmin(principal);
  const choices = canUpdateStatus(principal) ? orderRules.statusChoices(order.statusCode, principal) : [];
  const title = t(paths.orders.status.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.orders.list.title), to: paths.orders.list.path },
    { label: title },
  ];
  const reference = order.reference || t('orders.no_reference');
  const label = (code: string) => `${code} - ${t(orderStatusLabel(code))}`;
  const effectTexts: Record<OrderStatusEffect, string> = {
    release: t('orders.status_effects.release'),
    unship: t('orders.status_effects.unship'),
    hold: t('orders.status_effects.hold'),
    ship: t('orders.status_effects.ship'),
  };
  const hint = superadmin
    ? t('orders.status_hint.override')
    : choices.length
      ? t('orders.status_hint.cancel_only')
      : t('orders.status_hint.warehouse');

  const save = (to: OrderStatusCode) =>
    update.mutate({
      id: order.id,
      body: { statusCode: to },
      messages: { update: t('order.update_validate_success_msg') },
    });

  const change = (value: string | null) => {
    if (!value || value === order.statusCode) return;
    const from = order.statusCode;
    const to = value as OrderStatusCode;
    const cancelling = to === '050';
    // A client's only choice is the cancellation: its buttons say so rather than 'Confirmer' / 'Annuler'.
    const clientCancel = cancelling && !superadmin;
    const effects = orderStatusEffects(from, to);
    modals.openConfirmModal({
      title: clientCancel ? t('orders.cancel.now') : t('orders.change_status'),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {cancelling
              ? t('orders.status_confirm.cancel', { reference })
              : t('orders.status_confirm.change', { reference, from: label(from), to: label(to) })}
          </Text>
          {effects.length > 0 && (
            <List size="sm" withPadding>
              {effects.map((e) => (
                <List.Item key={e}>{effectTexts[e]}</List.Item>
              ))}
            </List>
          )}
          {warehouseMayRefuse(from, to) && <Text size="sm">{t('orders.status_confirm.cancel_request')}</Text>}
          {superadmin && (
            <Text size="sm" fw={500}>
              {t('orders.status_confirm.override')}
            </Text>
          )}
        </Stack>
      ),
      labels: clientCancel
        ? { confirm: t('orders.cancel.now'), cancel: t('orders.cancel.keep') }
        : { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: cancelling ? { color: 'red' } : undefined,
      onConfirm: () => save(to),
    });
  };

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Group justify="space-between">
        <Title order={2}>{`${title} - ${order.reference}`}</Title>
        <OrderStatusBadge code={order.statusCode} />
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} maw={900}>
          <TextInput label={t('orders.fields.reference')} value={order.reference} readOnly variant="filled" />
          <TextInput
            label={t('orders.fields.recipient_reference')}
            value={order.recipientReference}
            readOnly
            variant="filled"
          />
          {choices.length ? (
            <Select
              label={t('orders.fields.status')}
              description={hint}
              data={[order.statusCode, ...choices].map((code) => ({ value: code, label: label(code) }))}
              value={order.statusCode}
              onChange={change}
              disabled={update.isPending}
              allowDeselect={false}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          ) : (
            <TextInput
              label={t('orders.fields.status')}
              description={hint}
              value={label(order.statusCode)}
              readOnly
              variant="filled"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
