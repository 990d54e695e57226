/**
 * The first paint, before any chunk has run: index.html carries the signed-in shell's frame (the header with the
 * product's name, the side menu's place) and a small script that writes the list page's title into it, in the
 * visitor's language, from the address alone. A phone on a slow link shows the page's frame and title as soon as
 * the HTML and the style sheet are in, seconds before React, Mantine and AG Grid have arrived and run. React then
 * replaces it with ShellFallback, which draws the same frame and title at the same places, and then with the page.
 *
 * The build (vite.config.ts, `firstPaint`) reads this module: the titles come from the route table (paths.ts) and
 * the texts (locales), so a renamed page or text changes the first paint with it. The frame's sizes are the shell's
 * (config/shell.ts; `md` padding and a Mantine h2 for the title, as the page draws them).
 */
import { LANGUAGES, type Language } from '@cellar/shared/i18n/messages';
import { type AppPath, paths } from '../config/paths';
import { PRODUCT_NAME, SHELL, WIDE_FROM, WINE } from '../config/shell';
import { MENU_FOLDED_KEY, storageKey } from './storage-keys';

/** The list pages whose first heading is their route's title (the ones the first paint may name). */
export function firstPaintPages(): AppPath[] {
  const { contacts, companies, products, receptions, orders, shippingOrders, stock } = paths;
  return [
    ...Object.values(contacts).map((c) => c.list),
    companies.list,
    products.list,
    receptions.list,
    orders.list,
    shippingOrders.list,
    stock.list,
    stock.movements,
  ];
}

type Texts = { [key: string]: string | Texts };

const textOf = (texts: Texts, key: string): string | undefined => {
  const value = key.split('.').reduce<string | Texts | undefined>((t, k) => (typeof t === 'object' ? t[k] : t), texts);
  return typeof value === 'string' ? value : undefined;
};

/** Each page's address pattern and its title in every language (in LANGUAGES' order), as the script reads them. */
export function firstPaintTitles(texts: Record<Language, Texts>): [string, ...string[]][] {
  return firstPaintPages().map((page) => {
    const words = LANGUAGES.map((lng) => textOf(texts[lng], page.title));
    if (words.some((w) => !w)) throw new Error(`No title text for ${page.path} (${page.title})`);
    return [page.path, ...(words as string[])];
  });
}

/** The frame's ids and the storage keys the script reads (lib/storage.ts's, with its prefix). */
export const FIRST_PAINT = {
  title: 'first-paint-title',
  nav: 'first-paint-nav',
  token: storageKey('token'),
  impersonation: storageKey('impersonationToken'),
  language: storageKey('language'),
  menuFolded: MENU_FOLDED_KEY,
  /** The pages a visitor reads without a session (the frame is the signed-in shell's). */
  publicPages: '^/(login|new-user|reset-password|privacy)$',
} as const;

/**
 * The frame, inside #root (React's first commit replaces it). Mantine's default font, sizes and colours, written
 * out: its CSS variables are set by the provider, which has not run yet.
 */
export const FIRST_PAINT_HTML = `<div class="fp" aria-hidden="true"><div class="fp-header"><span class="fp-burger"></span><h3 class="fp-brand">${PRODUCT_NAME}</h3></div><div class="fp-body"><div class="fp-nav" id="${FIRST_PAINT.nav}"></div><div class="fp-main"><h2 class="fp-title" id="${FIRST_PAINT.title}"></h2><div class="fp-loader"></div></div></div></div>`;

const FONT =
  '-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif, Apple Color Emoji, Segoe UI Emoji';

export const FIRST_PAINT_CSS = [
  'body{margin:0}',
  `.fp{min-height:100vh;font-family:${FONT};color:#000;background:#fff}`,
  `.fp-header{box-sizing:border-box;height:${SHELL.header}px;display:flex;align-items:center;gap:12px;padding:0 16px;border-bottom:1px solid #dee2e6}`,
  '.fp-burger{width:28px;flex-shrink:0}',
  `.fp-brand{margin:0;font-family:${FONT};font-size:22px;line-height:1.4;font-weight:700;color:${WINE[9]}}`,
  `.fp-body{display:flex;min-height:calc(100vh - ${SHELL.header}px - ${SHELL.footer}px)}`,
  `.fp-nav{display:none;box-sizing:border-box;width:${SHELL.menu}px;flex-shrink:0;border-right:1px solid #dee2e6}`,
  `.fp-nav.fp-folded{width:${SHELL.miniMenu}px}`,
  '.fp-main{flex:1;min-width:0;padding:16px}',
  `.fp-title{margin:0;font-family:${FONT};font-size:26px;line-height:1.35;font-weight:700}`,
  '.fp-title:empty{display:none}',
  `.fp-loader{width:36px;height:36px;margin:20vh auto 0;border:4px solid ${WINE[1]};border-top-color:${WINE[6]};border-radius:50%;animation:fp-turn 1s linear infinite}`,
  '@keyframes fp-turn{to{transform:rotate(360deg)}}',
  '@media (prefers-reduced-motion:reduce){.fp-loader{animation:none}}',
  `@media (min-width:${WIDE_FROM}){.fp-burger{display:none}.fp-nav{display:block}}`,
].join('');
