import { describe, expect, it } from 'vitest';
import { listText } from '../i18n/list-texts';
import { routes } from '../routes/table';
import type { ColumnDef } from './columns';

/** A key without a text comes back as itself. */
const worded = (lang: 'fr' | 'en', key: string) => listText(lang, key) !== key;

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
        'productList',
        'stockList',
        'companyList',
      ]),
    );
  });
  it.each(declared)(
    '%s: every exported column has a title and a worded value in both languages',
    async (_, columns, load) => {
      const defs: Readonly<Record<string, ColumnDef | undefined>> = await load();
      for (const field of columns) {
        const def = defs[field];
        expect(def, field).toBeDefined();
        for (const lang of ['fr', 'en'] as const) {
          expect(worded(lang, def?.header ?? ''), `${lang} ${def?.header}`).toBe(true);
          const format = def?.format;
          if (format && typeof format === 'object') {
            for (const key of Object.values(format.labels)) expect(worded(lang, key), `${lang} ${key}`).toBe(true);
          }
        }
      }
    },
  );
});
