/**
 * The names the SPA stores its keys under (storage.ts reads and writes them; the first paint's script reads some
 * before any chunk runs: first-paint.ts). No DOM here, so the browser tests may read the names too.
 */
export const STORAGE_PREFIX = 'cellar.';

/** A key's stored name. */
export const storageKey = (key: string) => `${STORAGE_PREFIX}${key}`;

/** The side menu folded to its mini mode (a device's choice, kept by the shell). */
export const MENU_FOLDED_KEY = storageKey('menuCollapsed');
