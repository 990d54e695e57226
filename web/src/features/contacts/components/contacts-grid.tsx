/** The contact list of one type: the shared grid, its columns per type and role, and the row edit pencil. */
import { isSuperadmin, isWritter, type Principal } from '@cellar/shared/access/roles';
import type { Contact } from '@cellar/shared/contacts/schemas';
import { CONTACT_SEARCHED, type ContactType, contactTypeRules } from '@cellar/shared/contacts/types';
import type { routes } from '@cellar/shared/routes/table';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SEGMENT_CHOICES } from '../../../components/data-grid/choice-filter';
import { DataGrid, type DataGridHandle } from '../../../components/data-grid/data-grid';
import type { GridColumn, RouteCondition } from '../../../components/data-grid/grid-column';
import { CountryFlag } from '../../../components/ui/country-flag';
import { RowIcon } from '../../../components/ui/row-icon';
import { contactListPlan } from '../api/contact-list-plan';

type ContactListRoute = typeof routes.contactList;

/**
 * Columns of spec 3 §2: owner columns for a superadmin, warehouse unless carriers, segment unless suppliers; at phone
 * width the contact's name and city.
 */
function contactColumns(type: ContactType, principal: Principal): GridColumn<ContactListRoute>[] {
  const rules = contactTypeRules(type);
  return [
    { field: 'code', header: 'contacts.columns.code', width: 150 },
    { field: 'displayName', header: 'contacts.columns.contact', narrow: true },
    { field: 'address.street', header: 'contacts.columns.address' },
    { field: 'address.postcode', header: 'contacts.columns.postcode', width: 120 },
    { field: 'address.city', header: 'contacts.columns.city', narrow: true },
    {
      field: 'address.country',
      header: 'contacts.columns.country',
      width: 100,
      render: (c) => <CountryFlag code={c.address.country} />,
    },
    ...(isSuperadmin(principal)
      ? [
          { field: 'owner.code', header: 'contacts.columns.owner_code', width: 130 },
          { field: 'owner.name', header: 'contacts.columns.owner_name' },
        ]
      : []),
    ...(rules.hasWarehouse ? [{ field: 'warehouse.name', header: 'contacts.columns.warehouse' }] : []),
    ...(rules.hasSegment
      ? [{ field: 'segment', header: 'contacts.columns.segment', width: 130, filter: { choices: SEGMENT_CHOICES } }]
      : []),
  ];
}

interface ContactsGridProps {
  type: ContactType;
  principal: Principal;
  warehouseId: string | null;
  onEdit: (contact: Contact) => void;
  filters: ReactNode;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
}

export function ContactsGrid({ type, principal, warehouseId, onEdit, filters, actions, ref }: ContactsGridProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => contactColumns(type, principal), [type, principal]);
  const plan = useMemo(() => contactListPlan(type), [type]);
  const fixedFilters = useMemo(() => {
    const conditions: RouteCondition<ContactListRoute>[] = [...plan.fixedFilters];
    if (warehouseId) conditions.push({ field: 'warehouse.id', op: 'eq', values: [warehouseId] });
    return conditions;
  }, [plan, warehouseId]);
  const rowActions = useMemo(
    () =>
      isWritter(principal)
        ? (c: Contact) => <RowIcon label={t('common.edit')} name={c.code} icon={IconPencil} onClick={() => onEdit(c)} />
        : undefined,
    [principal, onEdit, t],
  );

  return (
    <DataGrid
      ref={ref}
      slug={plan.slug}
      route={plan.route}
      columns={columns}
      searchFields={CONTACT_SEARCHED}
      defaultSort={plan.defaultSort}
      fixedFilters={fixedFilters}
      include={plan.include}
      rowActions={rowActions}
      filters={filters}
      actions={actions}
    />
  );
}
