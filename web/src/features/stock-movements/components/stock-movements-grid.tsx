/**
 * The stock movements (spec 3 §2), newest first: the date, the product, its quantity and its direction as an arrow
 * (output: red, up; input: green, down) first, then the reason, the order or reception behind each, the note, the
 * stock line's details, and the owner for the superadmin; at phone width the product code, the quantity and the
 * direction. The date filter is a range whose last day is included.
 */
import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import type { Language } from '@cellar/shared/i18n/messages';
import type { routes } from '@cellar/shared/routes/table';
import type { StockMovement } from '@cellar/shared/stockMovements/schemas';
import { Center } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Choice, SEGMENT_CHOICES } from '../../../components/data-grid/choice-filter';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridColumn } from '../../../components/data-grid/grid-column';
import { useWarehouseChoices } from '../../../components/data-grid/warehouse-choices';
import { formatDateTime, formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useStockQualities } from '../../../lib/reference-data';
import { stockMovementListPlan } from '../api/stock-movement-list-plan';

type MovementListRoute = typeof routes.stockMovementList;

const DIRECTION_CHOICES: Choice[] = [
  { value: 'input', label: 'stock_movements.input' },
  { value: 'output', label: 'stock_movements.output' },
];

function DirectionArrow({ movement }: { movement: StockMovement }) {
  const { t } = useTranslation();
  const output = movement.direction === 'output';
  const label = t(output ? 'stock_movements.output' : 'stock_movements.input');
  const I = output ? IconArrowUp : IconArrowDown;
  return (
    <Center h="100%" role="img" aria-label={label} title={label} data-direction={movement.direction}>
      <I size={18} stroke={2.5} color={output ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-green-7)'} />
    </Center>
  );
}

export interface MovementColumnsContext {
  principal: Principal;
  warehouses: readonly Choice[];
  qualities: readonly string[];
  language: Language;
  t: TFunction;
}

const day = (v: string | null, language: Language) => (v ? formatDay(v, language) : '');
/** Filtered by the server, not sorted. */
const unsorted = (field: string, header: string, extra: Partial<GridColumn<MovementListRoute>> = {}) =>
  ({ field, header, ...extra }) satisfies GridColumn<MovementListRoute>;

export function movementColumns({ principal, warehouses, qualities, language }: MovementColumnsContext) {
  const columns: GridColumn<MovementListRoute>[] = [
    {
      field: 'date',
      header: 'stock_movements.columns.date',
      width: 170,
      filter: 'dateRange',
      value: (m) => formatDateTime(m.date, language),
    },
    { field: 'stock.product.code', header: 'stock_movements.columns.product_code', width: 140, narrow: true },
    unsorted('stock.product.label', 'stock_movements.columns.product_label', { width: 220 }),
    { field: 'quantity', header: 'stock_movements.columns.quantity', width: 110, filter: 'number', narrow: true },
    {
      field: 'direction',
      header: 'stock_movements.columns.direction',
      width: 110,
      narrow: true,
      filter: { choices: DIRECTION_CHOICES },
      render: (m) => <DirectionArrow movement={m} />,
    },
    { field: 'reasonCode', header: 'stock_movements.columns.reason_code', width: 120 },
    unsorted('reason', 'stock_movements.columns.reason', { width: 200 }),
    unsorted('order.reference', 'stock_movements.columns.order_reference', { width: 150 }),
    unsorted('order.recipient.displayName', 'stock_movements.columns.recipient', { width: 190 }),
    unsorted('reception.reference', 'stock_movements.columns.reception_reference', { width: 150 }),
    unsorted('reception.supplier.code', 'stock_movements.columns.supplier', { width: 130 }),
    unsorted('note', 'stock_movements.columns.note', { width: 160 }),
    unsorted('segment', 'stock_movements.columns.segment', { width: 110, filter: { choices: SEGMENT_CHOICES } }),
    {
      field: 'warehouse.name',
      header: 'stock_movements.columns.warehouse',
      width: 190,
      filterField: 'warehouse.id',
      filter: { choices: [...warehouses] },
    },
    unsorted('stock.batch', 'stock_movements.columns.batch', { width: 120, hidden: true }),
    unsorted('stock.ubd', 'stock_movements.columns.ubd', {
      filter: 'date',
      hidden: true,
      value: (m) => day(m.stock.ubd, language),
    }),
    unsorted('stock.bbd', 'stock_movements.columns.bbd', {
      filter: 'date',
      hidden: true,
      value: (m) => day(m.stock.bbd, language),
    }),
    unsorted('stock.quality', 'stock_movements.columns.quality', {
      width: 110,
      filter: { choices: qualities.map((q) => ({ value: q, text: q })) },
    }),
  ];
  if (isSuperadmin(principal)) {
    columns.push({ field: 'owner.code', header: 'stock_movements.columns.owner', width: 120 });
  }
  return columns;
}

export function StockMovementsGrid({ principal }: { principal: Principal }) {
  const { t } = useTranslation();
  const warehouses = useWarehouseChoices();
  const qualities = useStockQualities();
  const language = currentLanguage();
  const columns = useMemo(
    () =>
      movementColumns({
        principal,
        warehouses: warehouses.data ?? [],
        qualities: (qualities ?? []).map((q) => q.code),
        language,
        t,
      }),
    [principal, warehouses.data, qualities, language, t],
  );

  return (
    <DataGrid
      slug={stockMovementListPlan.slug}
      route={stockMovementListPlan.route}
      columns={columns}
      defaultSort={stockMovementListPlan.defaultSort}
      include={stockMovementListPlan.include}
    />
  );
}
