/** /{type}/list: the grid of one contact type, its warehouse filter, the add button and the edit modal. */
import { isWritter } from '@cellar/shared/access/roles';
import type { Contact } from '@cellar/shared/contacts/schemas';
import { type ContactType, contactTypeRules } from '@cellar/shared/contacts/types';
import { canImport } from '@cellar/shared/imports/access';
import { Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { ImportButton } from '../../../components/ui/import-button';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { useWarehouses } from '../../../lib/reference-data';
import { ContactsGrid } from '../components/contacts-grid';

/** The edit form, with its address and services fields, loaded when a row's pencil is first used. */
const ContactEditModal = lazy(() =>
  import('../components/contact-edit-modal').then((m) => ({ default: m.ContactEditModal })),
);

/**
 * The list's warehouse filter. The browser's own select, as the page size beside it: a phone's picker, and no hidden
 * dropdown to place when the list is first drawn (a Select's is kept mounted and positioned, a forced style of the
 * whole page). A component of its own: the warehouses arriving draw the select again, not the page and its rows.
 */
function WarehouseFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const warehouses = useWarehouses();
  return (
    <NativeSelect
      aria-label={t('contacts.fields.warehouse')}
      data={[
        { value: '', label: t('contacts.all_warehouses') },
        ...(warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` })),
      ]}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

export function ContactListRoute({ type }: { type: ContactType }) {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const rules = contactTypeRules(type);
  const grid = useRef<DataGridHandle>(null);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // Mounted from the first edit on, so that closing it animates and gives the focus back to the row's pencil.
  const [edited, setEdited] = useState(false);
  const onEdit = useCallback((c: Contact) => {
    setEdited(true);
    setEditing(c.id);
  }, []);

  const warehouseFilter = rules.hasWarehouse && <WarehouseFilter value={warehouseId} onChange={setWarehouseId} />;
  const addButton = isWritter(principal) && (
    <Group gap="xs">
      <Button component={Link} to={paths.contacts[type].create.path} leftSection={<IconPlus size={16} />}>
        {t(`contacts.${type}.add`)}
      </Button>
      {canImport(principal, 'contact', type) && <ImportButton to={paths.contacts[type].import.path} />}
    </Group>
  );

  return (
    <Stack>
      <Title order={2}>{t(paths.contacts[type].list.title)}</Title>
      <ContactsGrid
        ref={grid}
        type={type}
        principal={principal}
        warehouseId={warehouseId}
        onEdit={onEdit}
        filters={warehouseFilter}
        actions={addButton}
      />
      {edited && (
        <Suspense>
          <ContactEditModal
            type={type}
            contactId={editing}
            onClose={() => setEditing(null)}
            onSaved={() => grid.current?.refresh()}
          />
        </Suspense>
      )}
    </Stack>
  );
}
