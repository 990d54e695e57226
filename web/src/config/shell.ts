/**
 * The signed-in shell's frame, which the shell (components/layouts/app-layout.tsx), its fallback (shell-fallback.tsx)
 * and index.html's first paint (lib/first-paint.ts, before Mantine has run) draw alike, and the brand's colour.
 * No React, no Mantine: the build reads it too.
 */
export const PRODUCT_NAME = 'Cellar';

/** The frame's sizes, in px. */
export const SHELL = { header: 55, footer: 32, menu: 200, miniMenu: 55 } as const;

/** Where the side menu and the header's actions show: Mantine's `sm` breakpoint (the theme keeps its default). */
export const WIDE_FROM = '48em';

/** A burgundy brand colour for a wine and spirits provider: Mantine's ten shades, light to dark. */
export const WINE = [
  '#fbeef1',
  '#f0dbe0',
  '#e2b3be',
  '#d4899a',
  '#c8667c',
  '#c04f68',
  '#bd435e',
  '#a7354e',
  '#952d45',
  '#83223a',
] as const;
