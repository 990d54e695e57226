/**
 * A planned list answers exactly what the filter language means, whatever way into the rows its plan takes: for
 * generated queries (search words, column filters of every operator, sorts, pages), the contacts list's answer is
 * compared with the same query computed in memory from every row with the shared semantics.
 * 2,500 recipients make some filters selective (read whole, sorted in memory) and others broad (read in index order).
 */
import { type Contact, contactWords } from '@cellar/shared/contacts/schemas';
import { getPath, matchesAll } from '@cellar/shared/filter/match';
import { type Condition, parseListQuery } from '@cellar/shared/filter/query';
import { matchesSearch } from '@cellar/shared/filter/search';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortValue } from '../../functions/src/data/list';
import { seedAndSignIn } from '../bench/seed-contacts';
import { type Harness, startHarness } from './harness';

const ROWS = 2_500;
let h: Harness;
let token: string;
let all: Contact[];

const list = (qs: string) => h.call('GET', `/api/contacts?filter[type]=recipient&${qs}`, { token });

beforeAll(async () => {
  h = await startHarness({ seed: false });
  token = await seedAndSignIn(h.url, ROWS);
  const res = await list('paginate=5000');
  all = res.body.data;
}, 120_000);
afterAll(() => h?.stop());

/** The query computed in memory: the shared filter and search semantics, the index's order (value, then id). */
function expected(qs: string): Contact[] {
  const q = parseListQuery(qs);
  const search = q.filters.filter((c) => c.field === 'search').map((c) => c.values.join(','));
  const others: Condition[] = q.filters.filter((c) => c.field !== 'search' && c.field !== 'type');
  const kept = all.filter((c) => search.every((s) => matchesSearch(contactWords(c), s)) && matchesAll(c, others));
  const sort = q.sort[0] ?? { field: 'code', desc: false };
  const key = (c: Contact) => `${sortValue(getPath(c, sort.field))}#${sort.field === 'code' ? '' : c.id}`;
  return kept.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort.desc ? -1 : 1));
}

const FILTERS = fc.oneof(
  fc.constantFrom('zinfandel', 'cave', 'reims', 'bor', 'chartrons', 'epern', 'Épernay', '12', 'cave 7', 'nowhere'),
  fc.constant(null),
).map((s) => (s === null ? [] : [`filter[search]=${encodeURIComponent(s)}`]));
const COLUMN = fc.oneof(
  fc.constantFrom('Reims', 'EPERNAY', 'Épernay', 'lyon', 'Atlantis').map((v) => `filter[address.city]=${v}`),
  fc.constantFrom('b', 'Be', 'par', 'z').map((v) => `filter[address.city][startsWith]=${v}`),
  fc.constantFrom('ei', 'on').map((v) => `filter[address.city][contains]=${v}`),
  fc.constantFrom('20000', '55000').map((v) => `filter[address.postcode][ge]=${v}`),
  fc.constant('filter[address.postcode][bt]=30000,40000'),
  fc.constantFrom('B2B', 'B2C', 'NULL').map((v) => `filter[segment]=${v}`),
  fc.constantFrom('2025-01-01', '2025-01-02').map((v) => `filter[createdAt][le]=${v}`),
  fc.constant('filter[createdAt][gt]=2025-01-02'),
  fc.constantFrom('R00001', 'R0000').map((v) => `filter[code][startsWith]=${v}`),
  fc.constant('filter[displayName][startsWith]=zin'),
  fc.constant('filter[address.street][ne]=1 rue des Chais'),
);
const SORT = fc.constantFrom(
  '',
  'sort=-code',
  'sort=address.city',
  'sort=-address.city',
  'sort=address.postcode',
  'sort=-createdAt',
  'sort=segment',
  'sort=displayName',
);
const PAGE = fc.record({ paginate: fc.constantFrom(20, 100), page: fc.constantFrom(1, 2, 7) });

describe('A planned list (contacts)', () => {
  it('answers every generated query as the filter language means it', async () => {
    await fc.assert(
      fc.asyncProperty(FILTERS, fc.uniqueArray(COLUMN, { maxLength: 2, selector: (s) => s.split('=')[0] }), SORT, PAGE, async (search, columns, sort, page) => {
        // Prepare
        const qs = [...search, ...columns, sort, `paginate=${page.paginate}`, `page=${page.page}`]
          .filter(Boolean)
          .join('&');
        const want = expected(qs);
        // Act
        const res = await list(qs);
        // Assess
        expect(res.status, qs).toBe(200);
        const offset = (page.page - 1) * page.paginate;
        expect(
          res.body.data.map((c: Contact) => c.id),
          qs,
        ).toEqual(want.slice(offset, offset + page.paginate).map((c) => c.id));
        if (res.body.meta.has_more) expect(res.body.meta.total, qs).toBeLessThan(want.length);
        else expect(res.body.meta.total, qs).toBe(want.length);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('reads the search words: a rare word is found at any page size, accents folded', async () => {
    // Act
    const res = await list('filter[search]=ZINFANDEL&paginate=20');
    // Assess
    expect(res.body.data.map((c: Contact) => c.address.company)).toEqual(['Zinfandel 7']);
    expect(res.body.meta).toMatchObject({ total: 1 });
  });

  it('refuses a second sort field, and a sort no index serves', async () => {
    expect((await list('sort=address.city,code')).status).toBe(422);
    expect((await list('sort=owner.code')).status).toBe(422);
  });
});
