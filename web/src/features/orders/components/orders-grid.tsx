/**
 * The order list's grid (spec 2 §2, §9): the default columns by importance (reference, status chip, creation date,
 * recipient, ordered quantity, delivery date, prepared quantity, carrier, warehouse, recipient country, appointment
 * and preparation dates, support type; at phone width the reference, the status and the ordered quantity), with a
 * shipped order's tracking links next to its carrier, as its detail shows them; owner code and name for the
 * superadmin; draft rows highlighted, a colleague's draft named by its author ('Brouillon de Jeanne Martin'); the
 * country filter's choices from /api/orders/countries.
 */

import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import type { Language } from '@cellar/shared/i18n/messages';
import { ORDER_SEARCHED, type Order } from '@cellar/shared/orders/schemas';
import { ORDER_STATUS } from '@cellar/shared/orders/status';
import type { routes } from '@cellar/shared/routes/table';
import type { RowStyle } from 'ag-grid-community';
import { type ReactNode, type Ref, useMemo } from 'react';
import { type Choice, SEGMENT_CHOICES } from '../../../components/data-grid/choice-filter';
import { DataGrid, type DataGridHandle } from '../../../components/data-grid/data-grid';
import type { GridColumn } from '../../../components/data-grid/grid-column';
import { useWarehouseChoices } from '../../../components/data-grid/warehouse-choices';
import { TrackingLinks } from '../../../components/documents/tracking-links';
import { OrderStatusBadge } from '../../../components/status/order-status-badge';
import { useUser } from '../../../lib/auth';
import { formatDateTime, formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { orderListPlan } from '../api/order-list-plan';
import { useOrderCountries } from '../api/save-order';
import { orderTracking } from '../utils/tracking';

type OrderListRoute = typeof routes.orderList;

/** One choice per status label: 020 and 030 both read 'in progress', one choice standing for both. */
const STATUS_CHOICES: Choice[] = ORDER_STATUS.list
  .filter((s) => s.code !== '030')
  .map((s) => ({ value: s.code === '020' ? '020|030' : s.code, label: s.labelKey }));

export interface OrderColumnsContext {
  principal: Principal;
  /** The reader: a draft someone else started shows its author. */
  userId: string;
  warehouses: readonly Choice[];
  countries: readonly Choice[];
  language: Language;
}

export function orderColumns({ principal, userId, warehouses, countries, language }: OrderColumnsContext) {
  const day = (v: string | null) => (v ? formatDay(v, language) : '');
  const date = (
    field: 'deliveryDate' | 'appointmentDate' | 'preparationDate',
    header: string,
  ): GridColumn<OrderListRoute> => ({ field, header, width: 140, filter: 'date', value: (o) => day(o[field]) });
  const quantity = (field: 'orderedQuantity' | 'preparedQuantity', header: string, narrow?: true) =>
    ({ field, header, width: 120, filter: 'number', narrow }) satisfies GridColumn<OrderListRoute>;
  return [
    { field: 'reference', header: 'orders.columns.reference', width: 170, narrow: true },
    {
      field: 'statusCode',
      header: 'orders.columns.status',
      width: 160,
      narrow: true,
      filter: { choices: STATUS_CHOICES },
      render: (o) => (
        <OrderStatusBadge code={o.statusCode} draftOf={o.createdBy?.id === userId ? null : o.createdBy?.name} />
      ),
    },
    {
      field: 'createdAt',
      header: 'orders.columns.created_at',
      width: 170,
      filter: 'dateRange',
      value: (o) => formatDateTime(o.createdAt, language),
    },
    { field: 'recipient.displayName', header: 'orders.columns.recipient', width: 200 },
    quantity('orderedQuantity', 'orders.columns.ordered_quantity', true),
    date('deliveryDate', 'orders.columns.delivery_date'),
    quantity('preparedQuantity', 'orders.columns.prepared_quantity'),
    { field: 'carrier.name', header: 'orders.columns.carrier', width: 160, value: (o) => o.carrier?.name ?? '' },
    {
      // Shown only: the list neither sorts nor filters by it, and its export does not write it.
      field: 'fulfilment.trackingNumbers',
      header: 'orders.fields.tracking',
      width: 180,
      exported: false,
      value: (o) =>
        orderTracking(o)
          .map((n) => n.number)
          .join(', '),
      render: (o) => {
        const numbers = orderTracking(o);
        return numbers.length ? <TrackingLinks numbers={numbers} /> : null;
      },
    },
    {
      field: 'warehouse.name',
      header: 'orders.columns.warehouse',
      width: 180,
      filterField: 'warehouse.id',
      filter: { choices: [...warehouses] },
      value: (o) => o.warehouse?.name ?? '',
    },
    {
      field: 'recipient.country',
      header: 'orders.columns.country',
      width: 120,
      filter: { choices: [...countries] },
      value: (o) => o.recipient?.country ?? '',
    },
    date('appointmentDate', 'orders.columns.appointment_date'),
    date('preparationDate', 'orders.columns.preparation_date'),
    { field: 'supportType', header: 'orders.columns.support_type', width: 130 },
    { field: 'recipientReference', header: 'orders.columns.recipient_reference', width: 170, hidden: true },
    {
      field: 'segment',
      header: 'orders.columns.segment',
      width: 110,
      hidden: true,
      filter: { choices: SEGMENT_CHOICES },
    },
    ...(isSuperadmin(principal)
      ? [
          { field: 'owner.code', header: 'orders.columns.owner_code', width: 120 },
          { field: 'owner.name', header: 'orders.columns.owner_name', width: 200 },
        ]
      : []),
  ] satisfies GridColumn<OrderListRoute>[];
}

/** Drafts stand out: they are not sent yet. */
const rowStyle = (o: Order): RowStyle | undefined =>
  o.statusCode === '000' ? { background: 'var(--mantine-color-blue-0)' } : undefined;

interface OrdersGridProps {
  principal: Principal;
  rowActions: (order: Order) => ReactNode;
  rowActionsWidth: number;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
  /** Transmitting orders a person may tick to send them again (canSendTransmittingOrder). */
  onTransmittingSelected?: (orders: Order[]) => void;
}

export function OrdersGrid({
  principal,
  rowActions,
  rowActionsWidth,
  actions,
  ref,
  onTransmittingSelected,
}: OrdersGridProps) {
  const user = useUser();
  const warehouses = useWarehouseChoices();
  const countries = useOrderCountries();
  const language = currentLanguage();
  const columns = useMemo(
    () =>
      orderColumns({
        principal,
        userId: user.id,
        warehouses: warehouses.data ?? [],
        countries: (countries.data ?? []).map((c) => ({ value: c.code, text: `${c.code} - ${c.country}` })),
        language,
      }),
    [principal, user.id, warehouses.data, countries.data, language],
  );
  // One object while the page keeps its callback: a new one at each render is a change the grid re-applies.
  const selection = useMemo(
    () =>
      onTransmittingSelected && {
        selectable: (o: Order) => o.statusCode === '005',
        onChange: onTransmittingSelected,
      },
    [onTransmittingSelected],
  );
  return (
    <DataGrid
      ref={ref}
      slug={orderListPlan.slug}
      route={orderListPlan.route}
      searchFields={ORDER_SEARCHED}
      columns={columns}
      defaultSort={orderListPlan.defaultSort}
      include={orderListPlan.include}
      rowActions={rowActions}
      rowActionsWidth={rowActionsWidth}
      rowStyle={rowStyle}
      actions={actions}
      selection={selection}
    />
  );
}
