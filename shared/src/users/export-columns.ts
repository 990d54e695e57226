import { ROLE_SLUGS } from '../access/roles';
import { type ColumnDefs, labelsUnder } from '../csv/columns';

/** How a user export titles and writes its columns: the grid's titles, roles named, yes or no for active. */
export const USER_COLUMN_DEFS = {
  firstname: { header: 'users.columns.firstname' },
  lastname: { header: 'users.columns.lastname' },
  email: { header: 'users.columns.email' },
  'role.slug': { header: 'users.columns.role', format: labelsUnder('roles', ROLE_SLUGS) },
  'warehouses.code': { header: 'users.columns.warehouses' },
  'company.code': { header: 'users.columns.account' },
  active: { header: 'users.columns.active', format: 'boolean' },
} as const satisfies ColumnDefs;
