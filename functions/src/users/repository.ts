/**
 * Users (see data/ACCESS-PATTERNS.md): the user item, the e-mail item that makes e-mails unique and finds a user
 * at sign-in, a company's users on GSI1 and everyone on GSI2 (both by last name).
 */
import { keys } from '../data/keys';
import { deleteItem, getItem, type Item, putNew, putVersioned, type Source } from '../data/table';

export interface UserItem {
  id: string;
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  roleLevel: 1 | 2 | 10 | 100;
  active: boolean;
  locale: string;
  companyId: string;
  warehouseIds: string[];
  scope: string[];
  notificationChannels: ('mail' | 'push')[];
  childIds: string[];
  createdAt: string;
  version: number;
}

export async function getUser(id: string): Promise<UserItem | undefined> {
  const item = await getItem(keys.user(id));
  return item ? fromItem(item) : undefined;
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const pointer = await getItem<{ userId: string }>(keys.userEmail(email.trim()));
  return pointer ? getUser(pointer.userId) : undefined;
}

export function fromItem(item: Item): UserItem {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest as unknown as UserItem;
}

function userItem(u: UserItem) {
  const sortKey = `${u.lastname.toLowerCase()}#${u.id}`;
  return {
    ...keys.user(u.id),
    GSI1PK: keys.companyUsers(u.companyId),
    GSI1SK: sortKey,
    GSI2PK: keys.users,
    GSI2SK: sortKey,
    entity: 'user',
    ...u,
  };
}
const emailItem = (u: UserItem) => ({ ...keys.userEmail(u.email), entity: 'userEmail', userId: u.id });

/** The items that store a new user (for bulk seeding). */
export const userItems = (u: UserItem) => [userItem(u), emailItem(u)];

/** Claims the e-mail, then writes the user; a taken e-mail is a 409 on `email`. */
export async function insertUser(u: UserItem, clash: Record<string, string[]>): Promise<void> {
  await putNew(emailItem(u), clash);
  try {
    await putNew(userItem(u));
  } catch (e) {
    await deleteItem(keys.userEmail(u.email));
    throw e;
  }
}

/** Saves a changed user (optimistic lock), moving its e-mail claim when the e-mail changed. */
export async function saveUser(next: UserItem, previous: UserItem, clash: Record<string, string[]>): Promise<UserItem> {
  const emailChanged = next.email.toLowerCase() !== previous.email.toLowerCase();
  if (emailChanged) await putNew(emailItem(next), clash);
  try {
    const saved = fromItem(await putVersioned(userItem(next), previous.version));
    if (emailChanged) await deleteItem(keys.userEmail(previous.email));
    return saved;
  } catch (e) {
    if (emailChanged) await deleteItem(keys.userEmail(next.email));
    throw e;
  }
}

export async function removeUser(u: UserItem): Promise<void> {
  await deleteItem(keys.user(u.id));
  await deleteItem(keys.userEmail(u.email));
}

/** A company's users, or everyone's. */
export const userSource = (companyId: string | 'all'): Source =>
  companyId === 'all' ? { index: 'GSI2', pk: keys.users } : { index: 'GSI1', pk: keys.companyUsers(companyId) };
