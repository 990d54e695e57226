/**
 * Everything the SPA keeps in localStorage, under one prefix. Session keys are cleared on logout and on an
 * expired session; the language (and the menu state and the statistics layout, kept by their components) are the
 * device's choices and survive them.
 */
const PREFIX = 'cellar.';
const SESSION_KEYS = ['token', 'impersonationToken'] as const;
type Key = (typeof SESSION_KEYS)[number] | 'language';

export const storage = {
  get: (key: Key): string | null => localStorage.getItem(PREFIX + key),
  set: (key: Key, value: string) => localStorage.setItem(PREFIX + key, value),
  remove: (key: Key) => localStorage.removeItem(PREFIX + key),
  clearSession: () => {
    for (const key of SESSION_KEYS) localStorage.removeItem(PREFIX + key);
  },
};

/** The token sent with API calls: an impersonation token wins over the main one. */
export const activeToken = (): string | null => storage.get('impersonationToken') ?? storage.get('token');

export const isImpersonating = (): boolean => storage.get('impersonationToken') !== null;
