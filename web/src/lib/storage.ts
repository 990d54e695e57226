/**
 * Everything the SPA stores, under one prefix: the tokens and the device's language in localStorage, the drafts a
 * tab keeps while they are built in sessionStorage. Session keys (the tokens and every tab draft) are cleared on
 * logout and on an expired session, so that the next user of the tab finds nothing of the previous one; the
 * language (and the menu state and the statistics layout, kept by their components) are the device's choices and
 * survive them.
 */
const PREFIX = 'cellar.';
const SESSION_KEYS = ['token', 'impersonationToken'] as const;
type Key = (typeof SESSION_KEYS)[number] | 'language';
/** The drafts a tab keeps for its signed-in user: a shipping order half filled, the reception being built. */
const TAB_KEYS = ['currentShippingOrder', 'currentReception'] as const;
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

export const storage = {
  get: (key: Key): string | null => localStorage.getItem(PREFIX + key),
  set: (key: Key, value: string) => localStorage.setItem(PREFIX + key, value),
  remove: (key: Key) => localStorage.removeItem(PREFIX + key),
  clearSession: () => {
    for (const key of SESSION_KEYS) localStorage.removeItem(PREFIX + key);
    tabStorage.clear();
  },
};

/** The token sent with API calls: an impersonation token wins over the main one. */
export const activeToken = (): string | null => storage.get('impersonationToken') ?? storage.get('token');

export const isImpersonating = (): boolean => storage.get('impersonationToken') !== null;
