/**
 * Everything the SPA stores, under one prefix: the tokens, the device's language and the signed-in user's choices
 * in localStorage, the drafts a tab keeps while they are built in sessionStorage. Session keys (the tokens, the
 * user's choices and every tab draft) are cleared on logout and on an expired session, so that the next user of the
 * browser finds nothing of the previous one; the language (and the menu state, the statistics layout and the
 * updates already read, kept by their components) are the device's choices and survive them.
 */
import { STORAGE_PREFIX as PREFIX } from './storage-keys';

const SESSION_KEYS = ['token', 'impersonationToken'] as const;
type Key = (typeof SESSION_KEYS)[number] | 'language';
/** The drafts a tab keeps for its signed-in user: a shipping order half filled, the reception and order being built. */
const TAB_KEYS = ['currentShippingOrder', 'currentReception', 'currentOrder'] as const;
type TabKey = (typeof TAB_KEYS)[number];

/** The tab's drafts (sessionStorage): only the keys declared here, so that clearing the session reaches them all. */
export const tabStorage = {
  get: (key: TabKey): string | null => sessionStorage.getItem(PREFIX + key),
  set: (key: TabKey, value: string) => sessionStorage.setItem(PREFIX + key, value),
  remove: (key: TabKey) => sessionStorage.removeItem(PREFIX + key),
  clear: () => {
    for (const key of TAB_KEYS) sessionStorage.removeItem(PREFIX + key);
  },
};

/**
 * The signed-in user's choices held between screens (spec 1 §3: the selected warehouses), one key per user: an
 * account acted as (impersonation) has its own, and its parent finds theirs on coming back.
 */
const USER_KEYS = ['selectedWarehouses'] as const;
type UserKey = (typeof USER_KEYS)[number];
const userKeyOf = (key: UserKey, userId: string) => `${PREFIX}${key}.${userId}`;

export const userStorage = {
  get: (key: UserKey, userId: string): string | null => localStorage.getItem(userKeyOf(key, userId)),
  set: (key: UserKey, userId: string, value: string) => localStorage.setItem(userKeyOf(key, userId), value),
  remove: (key: UserKey, userId: string) => localStorage.removeItem(userKeyOf(key, userId)),
  /** Every user's choices: the keys of the declared kinds, whoever they belong to. */
  clear: () => {
    const kinds = USER_KEYS.map((key) => `${PREFIX}${key}.`);
    const stored = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of stored) if (key && kinds.some((kind) => key.startsWith(kind))) localStorage.removeItem(key);
  },
};

export const storage = {
  get: (key: Key): string | null => localStorage.getItem(PREFIX + key),
  set: (key: Key, value: string) => localStorage.setItem(PREFIX + key, value),
  remove: (key: Key) => localStorage.removeItem(PREFIX + key),
  clearSession: () => {
    for (const key of SESSION_KEYS) localStorage.removeItem(PREFIX + key);
    userStorage.clear();
    tabStorage.clear();
  },
};

/** The token sent with API calls: an impersonation token wins over the main one. */
export const activeToken = (): string | null => storage.get('impersonationToken') ?? storage.get('token');

export const isImpersonating = (): boolean => storage.get('impersonationToken') !== null;
