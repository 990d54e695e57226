/**
 * The warehouses a user has selected to work in (spec 1 §3, held between screens with the user): chosen in the
 * order wizard's warehouse filter (spec 2 §6: none chosen means all of theirs), which opens on them again; a form
 * asking for one warehouse starts on it when they selected one only (spec 3 §5: 'defaults to the only one
 * available, or to the selected warehouse'). Kept per user and cleared with the session (storage.ts).
 */
import { userStorage } from './storage';

export const selectedWarehouses = {
  /** The ids selected, among `offered` (a warehouse since taken from the user is no longer selected). */
  get: (userId: string, offered: readonly { id: string }[]): string[] => {
    let stored: unknown;
    try {
      stored = JSON.parse(userStorage.get('selectedWarehouses', userId) ?? '[]');
    } catch {
      stored = [];
    }
    return Array.isArray(stored) ? offered.map((w) => w.id).filter((id) => stored.includes(id)) : [];
  },
  set: (userId: string, ids: readonly string[]) =>
    ids.length
      ? userStorage.set('selectedWarehouses', userId, JSON.stringify(ids))
      : userStorage.remove('selectedWarehouses', userId),
  /** The one warehouse selected among `offered`, if exactly one is. */
  only: (userId: string, offered: readonly { id: string }[]): string | null => {
    const ids = selectedWarehouses.get(userId, offered);
    return ids.length === 1 ? (ids[0] ?? null) : null;
  },
};
