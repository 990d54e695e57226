/** Users: the user item, and the e-mail item that makes e-mails unique and finds a user at sign-in. */
import { keys } from '../data/keys';
import { getItem } from '../data/table';

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
  return getItem<UserItem>(keys.user(id));
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const pointer = await getItem<{ userId: string }>(keys.userEmail(email.trim()));
  return pointer ? getUser(pointer.userId) : undefined;
}

/** The items that store a new user (the user, and its e-mail claim). */
export function userItems(u: UserItem) {
  return [
    {
      ...keys.user(u.id),
      GSI1PK: `COMPANY#${u.companyId}#USERS`,
      GSI1SK: `${u.lastname}#${u.id}`,
      entity: 'user',
      ...u,
    },
    { ...keys.userEmail(u.email), entity: 'userEmail', userId: u.id },
  ];
}
