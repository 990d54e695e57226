/**
 * The reception list's grid (spec 3 §2, §9): by importance, reference, status chip, creation and expected dates,
 * supplier, quantities and warehouse (at phone width the reference, the status and the expected quantity), owner
 * code and name for the superadmin; draft rows highlighted.
 */

import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import type { Language } from '@cellar/shared/i18n/messages';
import type { Reception } from '@cellar/shared/receptions/schemas';
import { RECEPTION_STATUS } from '@cellar/shared/receptions/status';
import type { routes } from '@cellar/shared/routes/table';
import type { RowStyle } from 'ag-grid-community';
import { type ReactNode, type Ref, useMemo } from 'react';
import { type Choice, SEGMENT_CHOICES } from '../../../components/data-grid/choice-filter';
import { DataGrid, type DataGridHandle } from '../../../components/data-grid/data-grid';
import type { GridColumn } from '../../../components/data-grid/grid-column';
import { useWarehouseChoices } from '../../../components/data-grid/warehouse-choices';
import { ReceptionStatusBadge } from '../../../components/status/reception-status-badge';
import { formatDateTime, formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { receptionListPlan } from '../api/reception-list-plan';

type ReceptionListRoute = typeof routes.receptionList;

const STATUS_CHOICES: Choice[] = RECEPTION_STATUS.list.map((s) => ({ value: s.code, label: s.labelKey }));

export interface ReceptionColumnsContext {
  principal: Principal;
  warehouses: readonly Choice[];
  language: Language;
}

export function receptionColumns({ principal, warehouses, language }: ReceptionColumnsContext) {
  const quantity = (field: 'expectedQuantity' | 'receivedQuantity', header: string, narrow?: true) =>
    ({ field, header, width: 130, filter: 'number', narrow }) satisfies GridColumn<ReceptionListRoute>;
  return [
    { field: 'reference', header: 'receptions.columns.reference', width: 170, narrow: true },
    {
      field: 'statusCode',
      header: 'receptions.columns.status',
      width: 150,
      narrow: true,
      filter: { choices: STATUS_CHOICES },
      render: (r) => <ReceptionStatusBadge code={r.statusCode} />,
    },
    {
      field: 'createdAt',
      header: 'receptions.columns.created_at',
      width: 170,
      filter: 'dateRange',
      value: (r) => formatDateTime(r.createdAt, language),
    },
    {
      field: 'expectedAt',
      header: 'receptions.columns.expected_at',
      width: 140,
      filter: 'date',
      value: (r) => (r.expectedAt ? formatDay(r.expectedAt, language) : ''),
    },
    { field: 'supplier.name', header: 'receptions.columns.supplier', width: 200 },
    quantity('expectedQuantity', 'receptions.columns.expected_quantity', true),
    quantity('receivedQuantity', 'receptions.columns.received_quantity'),
    {
      field: 'warehouse.name',
      header: 'receptions.columns.warehouse',
      width: 190,
      filterField: 'warehouse.id',
      filter: { choices: [...warehouses] },
    },
    {
      field: 'segment',
      header: 'receptions.columns.segment',
      width: 110,
      hidden: true,
      filter: { choices: SEGMENT_CHOICES },
    },
    ...(isSuperadmin(principal)
      ? [
          { field: 'owner.code', header: 'receptions.columns.owner_code', width: 120 },
          { field: 'owner.name', header: 'receptions.columns.owner_name', width: 200 },
        ]
      : []),
  ] satisfies GridColumn<ReceptionListRoute>[];
}

/** Drafts stand out: they are not sent yet. */
const rowStyle = (r: Reception): RowStyle | undefined =>
  r.statusCode === '000' ? { background: 'var(--mantine-color-yellow-0)' } : undefined;

interface ReceptionsGridProps {
  principal: Principal;
  rowActions: (reception: Reception) => ReactNode;
  rowActionsWidth: number;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
}

export function ReceptionsGrid({ principal, rowActions, rowActionsWidth, actions, ref }: ReceptionsGridProps) {
  const warehouses = useWarehouseChoices();
  const language = currentLanguage();
  const columns = useMemo(
    () => receptionColumns({ principal, warehouses: warehouses.data ?? [], language }),
    [principal, warehouses.data, language],
  );
  return (
    <DataGrid
      ref={ref}
      slug={receptionListPlan.slug}
      route={receptionListPlan.route}
      columns={columns}
      defaultSort={receptionListPlan.defaultSort}
      include={receptionListPlan.include}
      rowActions={rowActions}
      rowActionsWidth={rowActionsWidth}
      rowStyle={rowStyle}
      actions={actions}
    />
  );
}
