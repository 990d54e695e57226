/**
 * The dashboard's panels (spec 1 §2): recent orders, receptions, shipping orders, stock movements (an arrow by
 * direction), next shipments and today's stock, each present only when the answer carries it (the caller's
 * scopes), each with its empty-state message. A row shows an edit icon while editable (draft), else a view icon;
 * a shipped order, its tracking numbers (a link to the carrier's page when the warehouse gave one).
 */
import { isWritter } from '@cellar/shared/access/roles';

import { DASHBOARD_PANEL_SIZE, type Dashboard } from '@cellar/shared/dashboard/schemas';
import type { Order } from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import { receptionRules } from '@cellar/shared/receptions/status';
import type { ShippingOrder } from '@cellar/shared/shippingOrders/schemas';
import { SHIPPING_ORDER_STATUS } from '@cellar/shared/shippingOrders/status';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEye, IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TrackingLinks } from '../../../components/documents/tracking-links';
import { OrderStatusBadge } from '../../../components/status/order-status-badge';
import { ReceptionStatusBadge } from '../../../components/status/reception-status-badge';
import { RowIcon } from '../../../components/ui/row-icon';
import { orderPath, paths, receptionPath, shippingOrderDetailPath } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { formatDateTime, formatDay } from '../../../lib/format';

/** Shipping order chips (spec 1 §4): draft and created blue, planified amber, delivered green. */
const SHIPPING_COLORS: Record<string, string> = { '000': 'blue', '001': 'blue', '100': 'yellow', '200': 'green' };

function Panel({
  id,
  title,
  list,
  empty,
  children,
}: {
  id: string;
  title: string;
  list?: string;
  empty: string;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-panel={id}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        {list && (
          <Anchor component={Link} to={list} size="sm">
            {t('dashboard.see_all')}
          </Anchor>
        )}
      </Group>
      {children.length ? (
        <Stack gap={6}>{children}</Stack>
      ) : (
        <Text size="sm" c="dimmed" data-empty>
          {empty}
        </Text>
      )}
    </Card>
  );
}

function Row({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-row>
      <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
        {children}
      </Group>
      {action}
    </Group>
  );
}

/** What the rows are worded and offered with (plain functions: the panels call them in any number). */
interface RowContext {
  t: TFunction;
  lang: string;
  /** A draft is modified by a writer; a reader has no icon for it (it has no detail page either). */
  writer: boolean;
}

function orderRow(o: Order, date: 'createdAt' | 'deliveryDate', { t, lang, writer }: RowContext) {
  const name = o.reference || o.id;
  const shown = date === 'createdAt' ? formatDateTime(o.createdAt, lang) : formatDay(o.deliveryDate ?? '', lang);
  return (
    <Row
      key={o.id}
      action={
        !orderRules.isViewable(o.statusCode) ? (
          writer && <RowIcon label={t('common.edit')} name={name} icon={IconPencil} to={orderPath('modify', o.id)} />
        ) : (
          <RowIcon label={t('orders.view')} name={name} icon={IconEye} to={orderPath('detail', o.id)} />
        )
      }
    >
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {o.recipient?.displayName ?? ''}
      </Text>
      <Text size="xs" c="dimmed">
        {shown}
      </Text>
      <OrderStatusBadge code={o.statusCode} />
      {o.statusCode === '070' && o.fulfilment.trackingNumbers.length > 0 && (
        <TrackingLinks numbers={o.fulfilment.trackingNumbers} size="xs" />
      )}
    </Row>
  );
}

function shippingOrderRow(s: ShippingOrder, date: 'createdAt' | 'deliveryDate', { t, lang }: RowContext) {
  const shown = date === 'createdAt' ? formatDateTime(s.createdAt ?? '', lang) : formatDay(s.deliveryDate ?? '', lang);
  return (
    <Row
      key={`shipping-${s.id ?? s.reference}`}
      action={
        s.id ? (
          <RowIcon label={t('dashboard.view')} name={s.reference} icon={IconEye} to={shippingOrderDetailPath(s.id)} />
        ) : null
      }
    >
      <Text size="sm" fw={500}>
        {s.reference}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {s.deliveryAddress?.name ?? ''}
      </Text>
      <Text size="xs" c="dimmed">
        {shown}
      </Text>
      <Badge color={SHIPPING_COLORS[s.statusCode] ?? 'gray'} radius="sm">
        {t(SHIPPING_ORDER_STATUS.byCode(s.statusCode)?.labelKey ?? s.statusCode)}
      </Badge>
    </Row>
  );
}

/** The next shipments: the orders and the shipping orders due from today, soonest first, one panel's worth. */
function nextShipments(data: Dashboard, ctx: RowContext) {
  const rows = [
    ...(data.expeditions ?? []).map((o) => ({
      date: o.deliveryDate ?? '',
      row: () => orderRow(o, 'deliveryDate', ctx),
    })),
    ...(data.shippingExpeditions ?? []).map((s) => ({
      date: s.deliveryDate ?? '',
      row: () => shippingOrderRow(s, 'deliveryDate', ctx),
    })),
  ];
  return rows
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, DASHBOARD_PANEL_SIZE)
    .map((r) => r.row());
}

export function Panels({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const writer = isWritter(usePrincipal());
  const ctx: RowContext = { t, lang: i18n.language, writer };
  const panels: ReactNode[] = [];
  if (data.orders)
    panels.push(
      <Panel
        key="orders"
        id="orders"
        title={t('dashboard.panels.orders')}
        list={paths.orders.list.path}
        empty={t('dashboard.empty.orders')}
      >
        {data.orders.map((o) => orderRow(o, 'createdAt', ctx))}
      </Panel>,
    );
  if (data.expeditions || data.shippingExpeditions)
    panels.push(
      <Panel
        key="expeditions"
        id="expeditions"
        title={t('dashboard.panels.expeditions')}
        empty={t('dashboard.empty.expeditions')}
      >
        {nextShipments(data, ctx)}
      </Panel>,
    );
  if (data.receptions)
    panels.push(
      <Panel
        key="receptions"
        id="receptions"
        title={t('dashboard.panels.receptions')}
        list={paths.receptions.list.path}
        empty={t('dashboard.empty.receptions')}
      >
        {data.receptions.map((r) => {
          const name = r.reference || r.id;
          const editable = writer && r.statusCode === '000';
          return (
            <Row
              key={r.id}
              action={
                editable ? (
                  <RowIcon label={t('common.edit')} name={name} icon={IconPencil} to={receptionPath('modify', r.id)} />
                ) : receptionRules.isViewable(r.statusCode) ? (
                  <RowIcon label={t('receptions.view')} name={name} icon={IconEye} to={receptionPath('detail', r.id)} />
                ) : null
              }
            >
              <Text size="sm" fw={500}>
                {name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {r.supplier?.name ?? ''}
              </Text>
              <Text size="xs" c="dimmed">
                {r.expectedAt ? formatDay(r.expectedAt, i18n.language) : ''}
              </Text>
              <ReceptionStatusBadge code={r.statusCode} />
            </Row>
          );
        })}
      </Panel>,
    );
  if (data.shippingOrders)
    panels.push(
      <Panel
        key="shippingOrders"
        id="shippingOrders"
        title={t('dashboard.panels.shippingOrders')}
        empty={t('dashboard.empty.shippingOrders')}
      >
        {data.shippingOrders.map((s) => shippingOrderRow(s, 'createdAt', ctx))}
      </Panel>,
    );
  if (data.stockMovements)
    panels.push(
      <Panel
        key="stockMovements"
        id="stockMovements"
        title={t('dashboard.panels.stockMovements')}
        list={paths.stock.movements.path}
        empty={t('dashboard.empty.stockMovements')}
      >
        {data.stockMovements.map((m) => {
          const input = m.direction === 'input';
          const Arrow = input ? IconArrowDownRight : IconArrowUpRight;
          return (
            <Row key={m.id} action={null}>
              <Arrow
                size={18}
                color={input ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)'}
                aria-label={t(`stock_movements.${m.direction}`)}
                data-direction={m.direction}
              />
              <Text size="sm" fw={500}>
                {m.stock.product.code}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {m.stock.product.label}
              </Text>
              <Text size="sm">{`${input ? '+' : '−'}${m.quantity}`}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(m.date, i18n.language)}
              </Text>
            </Row>
          );
        })}
      </Panel>,
    );
  if (data.stocks)
    panels.push(
      <Panel
        key="stocks"
        id="stocks"
        title={t('dashboard.panels.stocks')}
        list={paths.stock.list.path}
        empty={t('dashboard.empty.stocks')}
      >
        {data.stocks.map((s) => (
          <Row key={s.id} action={null}>
            <Text size="sm" fw={500}>
              {s.product.code}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {s.product.label}
            </Text>
            <Text size="sm">{t('dashboard.available', { count: s.available })}</Text>
          </Row>
        ))}
      </Panel>,
    );
  return <SimpleGrid cols={{ base: 1, md: 2 }}>{panels}</SimpleGrid>;
}
