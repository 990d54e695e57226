/**
 * The order being built, kept for the browser tab's session (spec 1 §3: the current order id): the draft this user
 * created or opened last. The list's new-order button offers it first while it is a draft (get-drafts.ts).
 * Cleared once sent or deleted, on 'new', and with the session (lib/storage.ts).
 */
import { tabStorage } from '../../../lib/storage';

export const currentOrder = {
  get: (): string | null => tabStorage.get('currentOrder'),
  set: (id: string) => tabStorage.set('currentOrder', id),
  clear: () => tabStorage.remove('currentOrder'),
  /** Forgets `id` if it is the current order (sent, deleted). */
  forget: (id: string) => {
    if (tabStorage.get('currentOrder') === id) tabStorage.remove('currentOrder');
  },
};
