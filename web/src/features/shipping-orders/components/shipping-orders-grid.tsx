/**
 * The shipping order list's grid (spec 2 §2, §9): by importance, reference, status chip, creation date, pickup and
 * delivery addresses, counts, pickup and delivery dates, picked-up and delivered moments, warehouse (at phone width
 * the reference, the status and the parcel count); owner code and name for the superadmin; draft rows highlighted;
 * 95% of the page wide.
 */
import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import type { Language } from '@cellar/shared/i18n/messages';
import type { routes } from '@cellar/shared/routes/table';
import type { ShippingOrder } from '@cellar/shared/shippingOrders/schemas';
import { SHIPPING_ORDER_STATUS, shippingOrderRules } from '@cellar/shared/shippingOrders/status';
import type { RowStyle } from 'ag-grid-community';
import { type ReactNode, type Ref, useMemo } from 'react';
import { type Choice, SEGMENT_CHOICES } from '../../../components/data-grid/choice-filter';
import { DataGrid, type DataGridHandle } from '../../../components/data-grid/data-grid';
import type { GridColumn } from '../../../components/data-grid/grid-column';
import { useWarehouseChoices } from '../../../components/data-grid/warehouse-choices';
import { formatDateTime, formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { shippingOrderListPlan } from '../api/shipping-order-list-plan';
import { formatMoment } from '../utils/moment';
import { ShippingOrderStatusBadge } from './shipping-order-status-badge';

type ShippingOrderListRoute = typeof routes.shippingOrderList;

const STATUS_CHOICES: Choice[] = SHIPPING_ORDER_STATUS.list.map((s) => ({ value: s.code, label: s.labelKey }));

export function shippingOrderColumns(principal: Principal, warehouses: readonly Choice[], language: Language) {
  const count = (field: 'palletCount' | 'parcelCount' | 'unitCount', header: string, narrow?: true) =>
    ({ field, header, width: 110, filter: 'number', narrow }) satisfies GridColumn<ShippingOrderListRoute>;
  return [
    { field: 'reference', header: 'shipping_orders.columns.reference', width: 160, narrow: true },
    {
      field: 'statusCode',
      header: 'shipping_orders.columns.status',
      width: 130,
      narrow: true,
      filter: { choices: STATUS_CHOICES },
      render: (o) => <ShippingOrderStatusBadge code={o.statusCode} />,
    },
    {
      field: 'createdAt',
      header: 'shipping_orders.columns.created_at',
      width: 160,
      filter: 'dateRange',
      value: (o) => formatDateTime(o.createdAt, language),
    },
    { field: 'pickupAddress.name', header: 'shipping_orders.columns.pickup_address', width: 190 },
    { field: 'deliveryAddress.name', header: 'shipping_orders.columns.delivery_address', width: 190 },
    count('parcelCount', 'shipping_orders.columns.parcel_count', true),
    count('palletCount', 'shipping_orders.columns.pallet_count'),
    count('unitCount', 'shipping_orders.columns.unit_count'),
    {
      field: 'pickupDate',
      header: 'shipping_orders.columns.pickup_date',
      width: 130,
      filter: 'date',
      value: (o) => (o.pickupDate ? formatDay(o.pickupDate, language) : ''),
    },
    {
      field: 'deliveryDate',
      header: 'shipping_orders.columns.delivery_date',
      width: 130,
      filter: 'date',
      value: (o) => formatDay(o.deliveryDate, language),
    },
    {
      field: 'pickedupAt',
      header: 'shipping_orders.columns.pickedup_at',
      width: 150,
      filter: 'date',
      value: (o) => formatMoment(o.pickedupAt, language),
    },
    {
      field: 'deliveredAt',
      header: 'shipping_orders.columns.delivered_at',
      width: 150,
      filter: 'date',
      value: (o) => formatMoment(o.deliveredAt, language),
    },
    {
      field: 'warehouse.name',
      header: 'shipping_orders.columns.warehouse',
      width: 170,
      filterField: 'warehouse.id',
      filter: { choices: [...warehouses] },
    },
    {
      field: 'segment',
      header: 'shipping_orders.columns.segment',
      width: 110,
      hidden: true,
      filter: { choices: SEGMENT_CHOICES },
    },
    ...(isSuperadmin(principal)
      ? [
          { field: 'owner.code', header: 'shipping_orders.columns.owner_code', width: 120 },
          { field: 'owner.name', header: 'shipping_orders.columns.owner_name', width: 190 },
        ]
      : []),
  ] satisfies GridColumn<ShippingOrderListRoute>[];
}

/** Drafts stand out. */
const rowStyle = (o: ShippingOrder): RowStyle | undefined =>
  shippingOrderRules.isDraft(o.statusCode) ? { background: 'var(--mantine-color-yellow-0)' } : undefined;

interface ShippingOrdersGridProps {
  principal: Principal;
  rowActions: (o: ShippingOrder) => ReactNode;
  rowActionsWidth: number;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
}

export function ShippingOrdersGrid({ principal, rowActions, rowActionsWidth, actions, ref }: ShippingOrdersGridProps) {
  const warehouses = useWarehouseChoices();
  const language = currentLanguage();
  const columns = useMemo(
    () => shippingOrderColumns(principal, warehouses.data ?? [], language),
    [principal, warehouses.data, language],
  );
  return (
    <DataGrid
      ref={ref}
      slug={shippingOrderListPlan.slug}
      route={shippingOrderListPlan.route}
      columns={columns}
      defaultSort={shippingOrderListPlan.defaultSort}
      include={shippingOrderListPlan.include}
      rowActions={rowActions}
      rowActionsWidth={rowActionsWidth}
      rowStyle={rowStyle}
      actions={actions}
      width="95%"
    />
  );
}
