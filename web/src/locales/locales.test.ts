/**
 * Every text exists in French and in English (the app's, and those a feature keeps beside its code), every key the
 * code names exists, and no text reads the same in both languages unless it is listed below as a word both
 * languages share (a missing key shows on screen as the key itself; a text copied from the other language shows
 * French on English screens or the reverse).
 *
 * The code is read as text: `t('…')` / `i18n.t('…')` literals and the key-holding properties of declarations
 * (`header:`, `title:`, `label:`, `labelKey:`, `group:`) in web/src; in shared/src and functions/src, `labelKey:`,
 * the shared catalogue's keys ('validation.…', 'import.…', 'api.…', 'movement_reasons.…') and the keys given to
 * `translate(…)` or to an error. A key built at run time cannot be read that way: each such pattern is listed in DYNAMIC_KEYS with the
 * reason it is safe, and the values it expands to when they are known here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_SLUGS } from '@cellar/shared/access/roles';
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import { CONTACT_TYPES } from '@cellar/shared/contacts/schemas';
import { EXPORT_FORMATS } from '@cellar/shared/filter/query';
import { listTexts } from '@cellar/shared/i18n/list-texts';
import { sharedMessages } from '@cellar/shared/i18n/messages';
import { orderImportTexts } from '@cellar/shared/imports/order-texts';
import { ORDER_STATUS } from '@cellar/shared/orders/status';
import { RECEPTION_STATUS } from '@cellar/shared/receptions/status';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@cellar/shared/webhooks/schemas';
import { describe, expect, it } from 'vitest';
import { mergeTexts } from '../lib/i18n';
import en from './en.json';
import fr from './fr.json';

type Texts = { [key: string]: string | Texts };

const entries = (o: Texts, p = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? entries(v, `${p}${k}.`) : [[`${p}${k}`, v]]));
const keysOf = (o: Texts) => entries(o).map(([k]) => k);
/** i18next picks `key_one` / `key_other` for `key` with a count. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

const ROOT = dirname(dirname(dirname(dirname(fileURLToPath(import.meta.url)))));

/**
 * The texts a feature keeps beside its code (web/src/features/<feature>/locales/{fr,en}.json), added to i18next when
 * its page loads, out of the first chunk's texts. A language's file that is missing reads as empty.
 */
const FEATURES = join(ROOT, 'web/src/features');
const readTexts = (file: string): Texts => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
const FEATURE_TEXTS = readdirSync(FEATURES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(FEATURES, e.name, 'locales')))
  .map((e) => ({
    feature: e.name,
    fr: readTexts(join(FEATURES, e.name, 'locales/fr.json')),
    en: readTexts(join(FEATURES, e.name, 'locales/en.json')),
  }));
const featureTexts = (lang: 'fr' | 'en') => FEATURE_TEXTS.reduce<Texts>((all, f) => mergeTexts(all, f[lang]), {});

// As the app merges them: its own texts, the lists' texts the API also writes in exports, the shared messages;
// the features' own, and the order import's, which its screen adds when it loads (features/imports/utils/order-texts.ts).
const TEXTS = {
  fr: mergeTexts(
    mergeTexts(mergeTexts(fr, listTexts.fr as unknown as Texts), sharedMessages.fr as unknown as Texts),
    mergeTexts(featureTexts('fr'), orderImportTexts.fr as unknown as Texts),
  ),
  en: mergeTexts(
    mergeTexts(mergeTexts(en, listTexts.en as unknown as Texts), sharedMessages.en as unknown as Texts),
    mergeTexts(featureTexts('en'), orderImportTexts.en as unknown as Texts),
  ),
} as const;
// A key read as itself too: 'api.api_key_too_many' is a key of its own, not the plural form of 'api.api_key_too'.
const known = (lang: keyof typeof TEXTS) => new Set(keysOf(TEXTS[lang]).flatMap((k) => [k, k.replace(PLURAL, '')]));
const NAMESPACES = new Set([...Object.keys(TEXTS.fr), ...Object.keys(TEXTS.en)]);

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesUnder(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.|\.testing\./.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

interface Use {
  key: string;
  where: string;
}
function usesIn(dirs: string[], patterns: RegExp[]): Use[] {
  return dirs.flatMap((dir) =>
    sourcesUnder(join(ROOT, dir)).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return patterns.flatMap((re) =>
        [...text.matchAll(re)].map((m) => ({
          key: m[1] as string,
          where: `${relative(ROOT, file)}:${text.slice(0, m.index).split('\n').length}`,
        })),
      );
    }),
  );
}

const KEY = '([a-z_]+(?:\\.[A-Za-z0-9_-]+)+)';
/** Keys named literally by the SPA. */
const WEB_USES = usesIn(
  ['web/src'],
  [
    new RegExp(`\\bt\\(\\s*'${KEY}'`, 'g'),
    new RegExp(`\\bt\\(\\s*\`${KEY}\``, 'g'),
    new RegExp(`\\b(?:header|title|label|labelKey|group)\\s*:\\s*'${KEY}'`, 'g'),
  ],
).filter((u) => NAMESPACES.has(u.key.split('.')[0] as string));
/** Keys named by the domain and the API (the shared catalogue, the status labels). */
const SERVER_USES = usesIn(
  ['shared/src', 'functions/src'],
  [
    new RegExp(`\\blabelKey\\s*:\\s*'${KEY}'`, 'g'),
    /'((?:validation|import|api|movement_reasons|query)\.[A-Za-z0-9_.-]+)'/g,
    new RegExp(`\\btranslate\\(\\s*\\w+(?:\\.\\w+)*\\s*,\\s*'${KEY}'`, 'g'),
    new RegExp(`\\bnew \\w+Error\\(\\s*'${KEY}'`, 'g'),
  ],
);

/**
 * Keys built at run time: the literal part before the first `${`, why it is safe, and the values the key takes
 * when the code lists them in one place (then each one must exist).
 */
const DYNAMIC_KEYS: Record<string, { reason: string; values?: readonly string[] }> = {
  'roles.': { reason: 'role slugs of the shared roles', values: ROLE_SLUGS },
  'errors.rights.': { reason: 'the right of each shared role, on the 403 page', values: ROLE_SLUGS },
  'segments.': { reason: 'segment codes of the shared schemas', values: SEGMENT_CODES },
  'contacts.': {
    reason: 'one block of texts per contact type',
    values: CONTACT_TYPES.flatMap((type) =>
      ['one', 'form_label', 'add', 'edit_title', 'list_title', 'create_title'].map((k) => `${type}.${k}`),
    ),
  },
  'imports.contacts.': { reason: 'the import page of each contact type', values: CONTACT_TYPES },
  'products.columns.': { reason: 'the product grid’s attribute columns, by attribute id' },
  'scopes.groups.': { reason: 'the module groups of the shared scopes' },
  'products.fields.': { reason: 'the product form names its fields by their input names' },
  'stats.fields.': { reason: 'the pivot row fields', values: ['company', 'type', 'pageName'] },
  'stats.by_': { reason: 'the date groupings', values: ['day', 'month'] },
  'shipping_orders.fields.': { reason: 'the shipping order form names its fields by their input names' },
  'shipping_orders.steps.': { reason: 'pickup and delivery steps', values: ['pickup', 'delivery'] },
  'grid.filter_op.': { reason: 'the filter operators of AG Grid the grids offer' },
  'dashboard.kpi.': { reason: 'the dashboard cards' },
  'stock_movements.': { reason: 'movement directions', values: ['input', 'output'] },
  'settings.channels.': { reason: 'notification channels of the preferences' },
  'imports.legend_': { reason: 'cell states', values: ['valid', 'invalid'] },
  'import.columns.': { reason: 'the import templates’ column keys (checked by the shared templates’ tests)' },
  'export_csv.step_': { reason: 'the export progress steps' },
  'export_csv.title_': { reason: 'the export dialog and notice, per file format', values: EXPORT_FORMATS },
  'grid.export_': { reason: 'the export menu’s file formats', values: EXPORT_FORMATS },
  'export_csv.': { reason: 'the export dialog’s date bounds', values: ['start_date', 'end_date'] },
  'companies.fields.': { reason: 'the company flags of the company form' },
  'webhooks.events.': { reason: 'the webhook events of the shared schemas', values: WEBHOOK_EVENTS },
  'webhooks.log.statuses.': { reason: 'the delivery statuses of the shared schemas', values: DELIVERY_STATUSES },
  'webhooks.log.errors.': {
    reason: 'the failed attempts of the shared schemas (an unknown one shows as sent)',
    values: ['timeout', 'connection', 'status'],
  },
};

/** Texts that read the same in French and English, each with why (a value, not a key: any key may use them). */
const SAME_IN_BOTH: Record<string, string> = Object.fromEntries(
  Object.entries({
    'codes and brand names': ['B2B', 'B2C', 'SIRET', 'SSCC', 'Top agent'],
    'symbols and numbers': [
      '= {{value}}',
      '≠ {{value}}',
      '> {{value}}',
      '≥ {{value}}',
      '< {{value}}',
      '≤ {{value}}',
      'Page {{page}}',
      '{{count}} carton',
      '{{count}} cartons',
      'minutes',
    ],
    'words spelled alike in both languages': [
      'Menu',
      'Stock',
      'Transport',
      'E-mail',
      'Segment',
      'Segments',
      'Code',
      'Contact',
      'Service',
      'Services',
      'Notifications',
      'Type',
      'Page',
      'Total',
      'Production',
      'Documents',
      'Modules',
      'Date',
      'Description',
      'Note',
      'Correct',
      'Incorrect',
      'Client',
      'Active',
      'Actions',
      'Minute',
      'Webhooks',
    ],
  }).flatMap(([reason, texts]) => texts.map((text) => [text, reason])),
);

const dynamicUses = () =>
  usesIn(
    ['web/src'],
    [/\bt\(\s*`([^`]*\$\{[^`]*)`/g, /\b(?:header|title|label|labelKey|group)\s*:\s*`([a-z_]+\.[^`]*\$\{[^`]*)`/g],
  ).map((u) => ({ ...u, key: u.key.split('${')[0] as string }));

describe('Locales', () => {
  it('have the same keys in French and English, in the app and in the shared messages', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
    expect(keysOf(sharedMessages.fr as unknown as Texts).sort()).toEqual(
      keysOf(sharedMessages.en as unknown as Texts).sort(),
    );
  });

  it('have the same keys in French and English in each feature’s own texts, none of them the app’s', () => {
    expect(FEATURE_TEXTS.length).toBeGreaterThan(0);
    const app = new Set([...keysOf(fr), ...keysOf(en)]);
    for (const { feature, fr: frTexts, en: enTexts } of FEATURE_TEXTS) {
      expect(keysOf(frTexts).sort(), feature).toEqual(keysOf(enTexts).sort());
      expect(keysOf(frTexts).length, feature).toBeGreaterThan(0);
      expect(
        keysOf(frTexts).filter((k) => app.has(k)),
        feature,
      ).toEqual([]);
    }
  });

  it('read the code’s keys', () => {
    expect(WEB_USES.length).toBeGreaterThan(500);
    expect(SERVER_USES.length).toBeGreaterThan(80);
  });

  it.each(['fr', 'en'] as const)('(%s) word every key the code names, and every status', (lang) => {
    // Prepare
    const words = known(lang);
    const used = [
      ...WEB_USES,
      ...SERVER_USES,
      ...[...ORDER_STATUS.list, ...RECEPTION_STATUS.list].map((s) => ({ key: s.labelKey, where: 'status' })),
    ];
    // Assess
    expect(used.filter((u) => !words.has(u.key)).map((u) => `${u.key} (${u.where})`)).toEqual([]);
  });

  it.each(['fr', 'en'] as const)('(%s) word every value of the keys built at run time', (lang) => {
    const words = known(lang);
    const missing = Object.entries(DYNAMIC_KEYS).flatMap(([prefix, { values = [] }]) =>
      values.map((v) => `${prefix}${v}`).filter((k) => !words.has(k)),
    );
    expect(missing).toEqual([]);
  });

  it('list every key built at run time, with its reason', () => {
    const unlisted = dynamicUses().filter((u) => !Object.hasOwn(DYNAMIC_KEYS, u.key));
    expect(unlisted.map((u) => `${u.key}… (${u.where})`)).toEqual([]);
  });

  it('differ between French and English, but for the words both languages share', () => {
    const english = new Map(entries(TEXTS.en));
    const same = entries(TEXTS.fr)
      .filter(([key, text]) => english.get(key) === text && !Object.hasOwn(SAME_IN_BOTH, text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(same).toEqual([]);
  });
});
