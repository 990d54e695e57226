/**
 * The client accounts grid: code, name, address, warehouses (3 chips at most), segments; inactive rows in red;
 * row icons to the company's users, to act as its admin, and to the edit modal (superadmin). At phone width: the
 * code and the name. 95% of the page wide, as the spec has it.
 */

import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import type { routes } from '@cellar/shared/routes/table';
import { Group } from '@mantine/core';
import { IconLogin2, IconPencil, IconUsers } from '@tabler/icons-react';
import { type ReactNode, type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridHandle } from '../../../components/data-grid/data-grid';
import type { GridColumn, RowOf } from '../../../components/data-grid/grid-column';
import { RowIcon } from '../../../components/ui/row-icon';
import { clientUserListPath } from '../../../config/paths';
import { companyListPlan } from '../api/company-list-plan';

type CompanyListRoute = typeof routes.companyList;
/** A row of the list: the company's list shape, whose includes are optional. */
export type CompanyRow = RowOf<CompanyListRoute>;

const SEGMENT_CHOICES = SEGMENT_CODES.map((code) => ({ value: code, label: `segments.${code}` }));

const COLUMNS: GridColumn<CompanyListRoute>[] = [
  { field: 'code', header: 'companies.columns.code', width: 130, narrow: true },
  { field: 'name', header: 'companies.columns.name', narrow: true },
  {
    field: 'address.street',
    header: 'companies.columns.address',
    value: (c) =>
      [c.address?.street, [c.address?.postcode, c.address?.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  },
  {
    field: 'warehouses.code',
    header: 'companies.columns.warehouses',
    chips: (c) => (c.warehouses ?? []).map((w) => w.code),
  },
  {
    field: 'segments.code',
    header: 'companies.columns.segments',
    width: 130,
    filter: { choices: SEGMENT_CHOICES },
    value: (c) => (c.segments ?? []).map((s) => s.code).join(', '),
  },
];

const INACTIVE_ROW = { background: 'var(--mantine-color-red-0)', color: 'var(--mantine-color-red-9)' };
const rowStyle = (c: CompanyRow) => (c.active ? undefined : INACTIVE_ROW);

interface CompaniesGridProps {
  principal: Principal;
  onEdit: (company: CompanyRow) => void;
  onImpersonate: (company: CompanyRow) => void;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
}

export function CompaniesGrid({ principal, onEdit, onImpersonate, actions, ref }: CompaniesGridProps) {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(principal);
  const rowActions = useMemo(
    () =>
      superadmin
        ? (c: CompanyRow) => (
            <Group gap={2} wrap="nowrap" h="100%">
              <RowIcon label={t('companies.users')} name={c.code} icon={IconUsers} to={clientUserListPath(c.id)} />
              <RowIcon
                label={t('companies.impersonate')}
                name={c.code}
                icon={IconLogin2}
                onClick={() => onImpersonate(c)}
              />
              <RowIcon label={t('common.edit')} name={c.code} icon={IconPencil} onClick={() => onEdit(c)} />
            </Group>
          )
        : undefined,
    [superadmin, onEdit, onImpersonate, t],
  );

  return (
    <DataGrid
      ref={ref}
      slug={companyListPlan.slug}
      route={companyListPlan.route}
      columns={COLUMNS}
      defaultSort={companyListPlan.defaultSort}
      include={companyListPlan.include}
      rowActions={rowActions}
      rowActionsWidth={100}
      rowStyle={rowStyle}
      actions={actions}
      width="95%"
    />
  );
}
