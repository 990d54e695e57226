/** Users (spec 1). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { userCreateSchema, userSchema, userUpdateSchema } from './schemas';

/** The columns the user list sorts by, each served by the key (last name) or a list-sort index. */
const USER_SORTS = {
  lastname: 'key',
  firstname: 'LS1',
  email: 'LS2',
  'role.slug': 'LS3',
  'company.code': 'LS4',
  active: { index: 'LS5', type: 'boolean' },
  createdAt: 'LS6',
} as const;

/**
 * The same columns in one company's own list-sort partition (its users, not everyone's): a company's list sorted
 * by e-mail reads its own users in that order, a page at a time, however many users other companies have.
 */
export const USER_COMPANY_SORTS = {
  lastname: 'key',
  firstname: 'LS8',
  email: 'LS9',
  'role.slug': 'LS10',
  'company.code': 'LS11',
  active: { index: 'LS12', type: 'boolean' },
  createdAt: 'LS13',
} as const satisfies Record<keyof typeof USER_SORTS, unknown>;

export const USER_LIST = {
  filters: [
    'company.uuid',
    'role.slug',
    'search',
    'email',
    'firstname',
    'lastname',
    'active',
    'company.code',
    'warehouses.code',
  ],
  sorts: Object.keys(USER_SORTS) as (keyof typeof USER_SORTS)[],
  // Every user is in one list-sort partition (the user administration's, every company's users) on LS1–LS7, a
  // company's users a range of LS7 (and of GSI1); and in its company's own (USER_COMPANY_SORTS) on LS8–LS13.
  indexes: { ...USER_SORTS, 'company.uuid': 'LS7', search: 'search' },
  // The key's order (last name, then id): one value of a column (a role) is read in it, a page at a time.
  tieBreak: 'lastname',
  // A first name is shared by a fifth of a large company's users: read in last-name order from the words' entries.
  searchInOrder: true,
  // A company's carriers are a single user's include (GET /api/users/{id}), not a list's.
  includes: ['warehouses', 'role', 'company', 'company.address', 'company.warehouses', 'children'],
  params: EXPORT_PARAMS,
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.USER_COLUMN_DEFS),
  columns: ['firstname', 'lastname', 'email', 'role.slug', 'warehouses.code', 'company.code', 'active'],
  // The spec's mapping: name → firstname and lastname, role → role.slug, warehouses → codes, company → code.
  columnAliases: {
    name: ['firstname', 'lastname'],
    role: ['role.slug'],
    warehouses: ['warehouses.code'],
    company: ['company.code'],
  },
} as const;

/** A company's user list: the same list, sorted in the company's own partition (USER_COMPANY_SORTS). */
export const USER_COMPANY_LIST = { ...USER_LIST, indexes: { ...USER_COMPANY_SORTS, search: 'search' } } as const;

export const userRoutes = {
  userList: defineRoute({
    method: 'GET',
    path: '/api/users',
    resource: 'users',
    access: ACCESS.admin,
    list: USER_LIST,
    csv: true,
    response: paged(userSchema),
  }),
  userGet: defineRoute({
    method: 'GET',
    path: '/api/users/{id}',
    resource: 'users',
    access: ACCESS.admin,
    params: idParams,
    query: includeQuery,
    response: userSchema,
  }),
  userCreate: defineRoute({
    method: 'POST',
    path: '/api/users',
    resource: 'users',
    access: ACCESS.admin,
    query: includeQuery,
    body: userCreateSchema,
    response: userSchema,
    status: 201,
  }),
  userUpdate: defineRoute({
    method: 'PUT',
    path: '/api/users/{id}',
    resource: 'users',
    access: ACCESS.admin,
    params: idParams,
    query: includeQuery,
    body: userUpdateSchema,
    response: userSchema,
  }),
  userDelete: defineRoute({
    method: 'DELETE',
    path: '/api/users/{id}',
    resource: 'users',
    access: ACCESS.admin,
    params: idParams,
    status: 204,
  }),
  emailCheck: defineRoute({
    method: 'GET',
    path: '/api/email/{id}',
    resource: 'users',
    access: ACCESS.admin,
    params: z.object({ id: z.string().min(1).max(255) }),
    response: z.string(),
  }),
} as const;
