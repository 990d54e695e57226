import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../i18n/messages';
import { routes } from '../routes/table';
import type { CellFormat } from './columns';

const lookup = (lang: 'fr' | 'en', key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], sharedMessages[lang]);

const declared = Object.entries(routes).flatMap(([id, def]) =>
  'list' in def && def.list && 'columnDefs' in def.list && def.list.columnDefs
    ? [[id, def.list.columns ?? [], def.list.columnDefs] as const]
    : [],
);

describe('Export column declarations', () => {
  it('cover the lists people export most', () => {
    expect(declared.map(([id]) => id)).toEqual(
      expect.arrayContaining([
        'contactList',
        'stockMovementList',
        'orderList',
        'receptionList',
        'shippingOrderList',
        'userList',
      ]),
    );
  });
  it.each(declared)(
    '%s: every exported column has a title and a worded value in both languages',
    (_, columns, defs) => {
      for (const field of columns) {
        const def = (defs as Record<string, { header: string; format?: CellFormat } | undefined>)[field];
        expect(def, field).toBeDefined();
        for (const lang of ['fr', 'en'] as const) {
          expect(typeof lookup(lang, def?.header ?? ''), `${lang} ${def?.header}`).toBe('string');
          const format = def?.format;
          if (format && typeof format === 'object') {
            for (const key of Object.values(format.labels))
              expect(typeof lookup(lang, key), `${lang} ${key}`).toBe('string');
          }
        }
      }
    },
  );
});
