/**
 * The client accounts grid: code, name, address, warehouses (3 chips at most), segments; inactive rows in red;
 * row icons to the company's users, to act as its admin, and to the edit modal (superadmin).
 */
import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import type { Company } from '@cellar/shared/companies/schemas';
import { routes } from '@cellar/shared/routes/table';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconLogin2, IconPencil, IconUsers } from '@tabler/icons-react';
import { type ReactNode, type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, type DataGridColumn, type DataGridHandle } from '../../../components/data-grid/data-grid';
import { clientUserListPath } from '../../../config/paths';

const SEGMENT_CHOICES = SEGMENT_CODES.map((code) => ({ value: code, label: `segments.${code}` }));

const COLUMNS: DataGridColumn<Company>[] = [
  { field: 'code', header: 'companies.columns.code', width: 130 },
  { field: 'name', header: 'companies.columns.name' },
  {
    field: 'address.street',
    header: 'companies.columns.address',
    sortable: false,
    filter: false,
    value: (c) =>
      [c.address?.street, [c.address?.postcode, c.address?.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  },
  {
    field: 'warehouses.code',
    header: 'companies.columns.warehouses',
    sortable: false,
    chips: (c) => (c.warehouses ?? []).map((w) => w.code),
  },
  {
    field: 'segments.code',
    header: 'companies.columns.segments',
    width: 130,
    sortable: false,
    filter: { choices: SEGMENT_CHOICES },
    value: (c) => (c.segments ?? []).map((s) => s.code).join(', '),
  },
];

const INACTIVE_ROW = { background: 'var(--mantine-color-red-0)', color: 'var(--mantine-color-red-9)' };
const rowStyle = (c: Company) => (c.active ? undefined : INACTIVE_ROW);

interface CompaniesGridProps {
  principal: Principal;
  onEdit: (company: Company) => void;
  onImpersonate: (company: Company) => void;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
}

export function CompaniesGrid({ principal, onEdit, onImpersonate, actions, ref }: CompaniesGridProps) {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(principal);
  const rowActions = useMemo(
    () =>
      superadmin
        ? (c: Company) => (
            <Group gap={2} wrap="nowrap" h="100%">
              <Tooltip label={t('companies.users')}>
                <ActionIcon
                  component={Link}
                  to={clientUserListPath(c.id)}
                  variant="subtle"
                  size="sm"
                  aria-label={`${t('companies.users')} ${c.code}`}
                >
                  <IconUsers size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('companies.impersonate')}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`${t('companies.impersonate')} ${c.code}`}
                  onClick={() => onImpersonate(c)}
                >
                  <IconLogin2 size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('common.edit')}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`${t('common.edit')} ${c.code}`}
                  onClick={() => onEdit(c)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )
        : undefined,
    [superadmin, onEdit, onImpersonate, t],
  );

  return (
    <DataGrid<Company>
      ref={ref}
      slug="company"
      endpoint={routes.companyList.path}
      columns={COLUMNS}
      defaultSort={[{ field: 'code', desc: false }]}
      include={['address', 'warehouses', 'segments']}
      rowActions={rowActions}
      rowActionsWidth={100}
      rowStyle={rowStyle}
      actions={actions}
    />
  );
}
