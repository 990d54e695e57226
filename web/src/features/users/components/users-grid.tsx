/**
 * The users grid (slug 'client-user' for a company's users, 'user' for the administration): account, name, e-mail,
 * warehouses (3 chips, then '+ n autres'), role, active (a badge, filterable); inactive rows greyed; the row icons
 * of user-row-actions.tsx. At phone width: the name, the role and whether the account is active.
 */

import { ROLE_SLUGS } from '@cellar/shared/access/roles';
import { routes } from '@cellar/shared/routes/table';
import type { User } from '@cellar/shared/users/schemas';
import { Badge } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOLEAN_CHOICES } from '../../../components/data-grid/choice-filter';
import { DataGrid, type DataGridHandle } from '../../../components/data-grid/data-grid';
import type { GridColumn, RouteCondition } from '../../../components/data-grid/grid-column';
import { usePrincipal, useUser } from '../../../lib/auth';
import { canImpersonate, canManage } from '../utils/user-rules';
import { UserRowActions } from './user-row-actions';

type UserListRoute = typeof routes.userList;

const ROLE_CHOICES = ROLE_SLUGS.map((role) => ({ value: role, label: `roles.${role}` }));

const COLUMNS: GridColumn<UserListRoute>[] = [
  {
    field: 'company.code',
    header: 'users.columns.account',
    width: 220,
    value: (u) => (u.company ? `${u.company.code} - ${u.company.name}` : ''),
  },
  { field: 'name', header: 'users.columns.name', narrow: true },
  { field: 'email', header: 'users.columns.email' },
  {
    field: 'warehouses.code',
    header: 'users.columns.warehouses',
    chips: (u) => (u.warehouses ?? []).map((w) => w.code),
  },
  {
    field: 'role.slug',
    header: 'users.columns.role',
    width: 150,
    narrow: true,
    filter: { choices: ROLE_CHOICES },
    value: (u) => u.role,
  },
  {
    field: 'active',
    header: 'users.columns.active',
    width: 110,
    narrow: true,
    filter: { choices: BOOLEAN_CHOICES },
    render: (u) => <ActiveBadge active={u.active} />,
  },
];

/** Active or not, said in words as well as by the row's grey. */
function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" radius="sm">
      {t(active ? 'users.active' : 'users.inactive')}
    </Badge>
  );
}

const INACTIVE_ROW = { background: 'var(--mantine-color-gray-1)', color: 'var(--mantine-color-gray-6)' };
const rowStyle = (u: User) => (u.active ? undefined : INACTIVE_ROW);

interface UsersGridProps {
  slug: 'client-user' | 'user';
  /** A company's users only. */
  companyId?: string;
  onEdit: (user: User) => void;
  /** After an activation, deactivation or deletion. */
  onChanged: () => void;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
}

export function UsersGrid({ slug, companyId, onEdit, onChanged, actions, ref }: UsersGridProps) {
  const principal = usePrincipal();
  const me = useUser();
  const fixedFilters = useMemo<RouteCondition<UserListRoute>[]>(
    () => (companyId ? [{ field: 'company.uuid', op: 'eq', values: [companyId] }] : []),
    [companyId],
  );
  const rowActions = useCallback(
    (u: User) => (
      <UserRowActions
        user={u}
        manageable={canManage(principal, me, u)}
        impersonable={canImpersonate(principal, me, u)}
        onEdit={onEdit}
        onChanged={onChanged}
      />
    ),
    [principal, me, onEdit, onChanged],
  );

  return (
    <DataGrid
      ref={ref}
      slug={slug}
      route={routes.userList}
      columns={COLUMNS}
      defaultSort={[{ field: 'lastname', desc: false }]}
      fixedFilters={fixedFilters}
      include={['warehouses', 'company']}
      rowActions={rowActions}
      rowActionsWidth={130}
      rowStyle={rowStyle}
      actions={actions}
    />
  );
}
