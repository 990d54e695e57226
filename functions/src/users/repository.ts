/**
 * Users (see data/ACCESS-PATTERNS.md): the user item, the e-mail item that makes e-mails unique and finds a user
 * at sign-in, a company's users on GSI1 and everyone on GSI2 (both by last name).
 */
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
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
  warehouseIds: z.array(z.string()),
  scope: z.array(z.string()),
  notificationChannels: z.array(z.enum(['mail', 'push'])),
  childIds: z.array(z.string()),
  createdAt: z.string(),
  version: z.number().int(),
});
export type UserItem = z.infer<typeof userItemSchema>;

const byLastname = (u: UserItem) => `${u.lastname.toLowerCase()}#${u.id}`;

export const userRecords = defineEntity<UserItem>({
  name: 'user',
  schema: userItemSchema,
  key: (u) => keys.user(u.id),
  indexes: (u) => ({ GSI1: [keys.companyUsers(u.companyId), byLastname(u)], GSI2: [keys.users, byLastname(u)] }),
  // The e-mail item makes e-mails unique and finds a user at sign-in.
  claims: (u) => [{ key: keys.userEmail(u.email), field: 'email' }],
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
export const userSource = (companyId: string | 'all'): Source =>
  companyId === 'all' ? { index: 'GSI2', pk: keys.users } : { index: 'GSI1', pk: keys.companyUsers(companyId) };
