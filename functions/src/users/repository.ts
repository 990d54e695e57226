/**
 * Users (see data/ACCESS-PATTERNS.md): the user item, the e-mail item that makes e-mails unique and finds a user
 * at sign-in, a company's users on GSI1 and everyone on GSI2 (both by last name), the list's other sorts on
 * LS1–LS6 and a company's range on LS7 (one list-sort partition, USERS), the same sorts again on LS8–LS13 in its
 * company's own partition (USER_COMPANY_SORTS), its search words per company and for all.
 */
import { roleSlug } from '@cellar/shared/access/roles';
import { USER_COMPANY_LIST, USER_LIST } from '@cellar/shared/users/routes';
import { userWords } from '@cellar/shared/users/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { sortKeyOf, sortValue } from '../data/list';
import type { Source } from '../data/table';
import type { FieldMessages } from '../errors';

const userItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  roleLevel: z.union([z.literal(1), z.literal(2), z.literal(10), z.literal(100)]),
  active: z.boolean(),
  locale: z.string(),
  companyId: z.string(),
  /** The company's code, which never changes: the list sorts and searches by it. */
  companyCode: z.string(),
  warehouseIds: z.array(z.string()),
  scope: z.array(z.string()),
  notificationChannels: z.array(z.enum(['mail', 'push'])),
  /** The news heard of by e-mail (users/schemas.ts NOTIFIED_EVENTS); absent on a user who never chose: all. */
  notificationEvents: z.array(z.string()).optional(),
  childIds: z.array(z.string()),
  createdAt: z.string(),
  version: z.number().int(),
  /**
   * The version every token of this user carries (absent: 0, as on items written before it existed). Bumped to end
   * all the user's sessions at once: password reset, deactivation, sign-in e-mail change.
   */
  tokenVersion: z.number().int().optional(),
});
export type UserItem = z.infer<typeof userItemSchema>;

/** In the list's key order: the last name as the list-sort indexes order text (case and accents folded). */
const byLastname = (u: UserItem) => sortKeyOf(sortValue(u.lastname), u.id);

/** The fields the user list filters and sorts by (spec 1 §7: company.uuid, role.slug…), from the item alone. */
export const userListRow = (u: UserItem) => ({
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  active: u.active,
  createdAt: u.createdAt,
  role: { slug: roleSlug(u.roleLevel) },
  company: { uuid: u.companyId, code: u.companyCode },
});

/** The search words' partition of a company's users, or everyone's. */
export const userSearchScope = (companyId: string | 'all') =>
  companyId === 'all' ? keys.users : keys.companyUsers(companyId);

export const userRecords = defineEntity<UserItem>({
  name: 'user',
  schema: userItemSchema,
  key: (u) => keys.user(u.id),
  indexes: (u) => ({ GSI1: [keys.companyUsers(u.companyId), byLastname(u)], GSI2: [keys.users, byLastname(u)] }),
  // The e-mail item makes e-mails unique and finds a user at sign-in.
  claims: (u) => [{ key: keys.userEmail(u.email), field: 'email' }],
  list: {
    spec: USER_LIST,
    sortScope: () => keys.users,
    row: userListRow,
    alsoSorted: { indexes: USER_COMPANY_LIST.indexes, sortScope: (u) => keys.companyUsers(u.companyId) },
    search: { scopes: (u) => [userSearchScope(u.companyId), userSearchScope('all')], words: userWords },
  },
});

export const getUser = (id: string) => userRecords.get(keys.user(id));

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const id = await userRecords.claimant(keys.userEmail(email.trim()));
  return id ? getUser(id) : undefined;
}

/** The items that store a new user (for bulk seeding). */
export const userItems = (u: UserItem) => [userRecords.item(u), ...userRecords.companionItems(u)];

/** Claims the e-mail, then writes the user; a taken e-mail is a 409 on `email`. */
export const insertUser = (u: UserItem, clash: FieldMessages) => userRecords.insert(u, clash);

/** Saves a changed user (optimistic lock), moving its e-mail claim when the e-mail changed. */
export const saveUser = (next: UserItem, previous: UserItem) => userRecords.replace(next, previous);

export const removeUser = (u: UserItem) => userRecords.remove(u);

/** A company's users, or everyone's. */
export const userSource = (companyId: string | 'all'): Omit<Source, 'desc'> =>
  companyId === 'all' ? { index: 'GSI2', pk: keys.users } : { index: 'GSI1', pk: keys.companyUsers(companyId) };
