/** Contacts: suppliers, recipients and carriers (spec 3). */
import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { CONTACT_COLUMNS, contactCreateSchema, contactSchema, contactUpdateSchema } from './schemas';

const CONTACT_SCOPES = ['supplier', 'recipient', 'carrier'] as const;

/** The columns a contact list sorts by, each served by the table key or a list-sort index. */
const CONTACT_SORTS = {
  code: 'key',
  displayName: 'LS1',
  'address.street': 'LS2',
  'address.postcode': 'LS3',
  'address.city': 'LS4',
  'address.country': 'LS5',
  segment: 'LS6',
  createdAt: 'LS7',
} as const;

export const CONTACT_LIST = {
  filters: ['type', 'search', 'owner.id', 'owner.segments', 'warehouse.id', ...CONTACT_COLUMNS, 'createdAt'],
  sorts: Object.keys(CONTACT_SORTS) as (keyof typeof CONTACT_SORTS)[],
  // One owner's rows per list-sort index: every owner's list sorts by its key alone.
  sortsByOwner: true,
  // Type and owner choose the partition; the other filters are checked on the rows the indexes return.
  indexes: { ...CONTACT_SORTS, search: 'search' },
  includes: ['owner', 'warehouse', 'services', 'address'],
  // The warehouse is exported as its code.
  columns: [...CONTACT_COLUMNS, 'warehouse.code'],
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.CONTACT_COLUMN_DEFS),
  params: EXPORT_PARAMS,
} as const;

export const contactRoutes = {
  contactList: defineRoute({
    method: 'GET',
    path: '/api/contacts',
    resource: 'contacts',
    access: ACCESS.reader,
    scopes: CONTACT_SCOPES,
    list: CONTACT_LIST,
    csv: true,
    response: paged(contactSchema),
  }),
  contactGet: defineRoute({
    method: 'GET',
    path: '/api/contacts/{id}',
    resource: 'contacts',
    access: ACCESS.reader,
    scopes: CONTACT_SCOPES,
    params: idParams,
    query: includeQuery,
    response: contactSchema,
  }),
  contactCreate: defineRoute({
    method: 'POST',
    path: '/api/contacts',
    resource: 'contacts',
    access: ACCESS.writer,
    scopes: CONTACT_SCOPES,
    query: includeQuery,
    body: contactCreateSchema,
    response: contactSchema,
    status: 201,
  }),
  contactUpdate: defineRoute({
    method: 'PUT',
    path: '/api/contacts/{id}',
    resource: 'contacts',
    access: ACCESS.writer,
    scopes: CONTACT_SCOPES,
    params: idParams,
    query: includeQuery,
    body: contactUpdateSchema,
    response: contactSchema,
  }),
} as const;
