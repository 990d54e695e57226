/**
 * Every text exists in French and English, and the texts the reception and order screens name exist (a missing key shows
 * as the key itself on screen).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedMessages } from '@cellar/shared/i18n/messages';
import { ORDER_STATUS } from '@cellar/shared/orders/status';
import { RECEPTION_STATUS } from '@cellar/shared/receptions/status';
import { describe, expect, it } from 'vitest';
import { mergeTexts } from '../lib/i18n';
import en from './en.json';
import fr from './fr.json';

const flat = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [join(dir, e.name)]
        : [],
  );
/** t('a.b') literals of a folder. */
const keysUsedIn = (dir: string) => [
  ...new Set(
    filesUnder(dir).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-z_-]+(?:\.[A-Za-z_-]+)+)'/g)].map((m) => m[1] as string),
    ),
  ),
];

describe('Locales', () => {
  it('have the same keys in French and English', () => {
    expect(flat(fr).sort()).toEqual(flat(en).sort());
  });

  it.each([
    ['fr', fr],
    ['en', en],
  ] as const)('(%s) word every key the reception screens use, and every reception status', (language, texts) => {
    // Prepare
    const known = new Set(
      [...flat(texts), ...flat(sharedMessages[language])].map((k) => k.replace(/_(one|other)$/, '')),
    );
    const used = [...keysUsedIn(join(SRC, 'features', 'receptions')), ...RECEPTION_STATUS.list.map((s) => s.labelKey)];
    // Assess
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('Locales of the order screens', () => {
  it.each([
    ['fr', fr],
    ['en', en],
  ] as const)('(%s) word every key the order screens use, and every order status', (language, texts) => {
    // Prepare
    const known = new Set(
      [...flat(mergeTexts(texts, sharedMessages[language]))].map((k) => k.replace(/_(one|other)$/, '')),
    );
    const used = [
      ...keysUsedIn(join(SRC, 'features', 'orders')),
      ...ORDER_STATUS.list.map((s) => s.labelKey),
      'order.send-transmitting-orders.success',
      'order.stock_insufficient',
    ];
    // Assess
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((k) => !known.has(k))).toEqual([]);
  });
});
