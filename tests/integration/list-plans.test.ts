/**
 * A planned list answers exactly what the filter language means, whatever way into the rows its plan takes: for
 * generated queries (search words, column filters of every operator, sorts, pages), the answer of the contacts, the
 * stock movement, the product, the user, the activity log, the stock lines, the receptions and the shipping orders lists is compared with the same query computed in memory from every row with the shared
 * semantics. 2,500 recipients make some filters selective (read whole, sorted in memory) and others broad (read in
 * index order); the demo's movements add the key's own ranges (dates, a product) under other sorts.
 */
import type { ActivityLog } from '@cellar/shared/activityLogs/schemas';
import { getPath } from '@cellar/shared/common/path';
import { type Contact, contactWords } from '@cellar/shared/contacts/schemas';
import { matchesAll } from '@cellar/shared/filter/match';
import { type Condition, type ListSpec, parseListQuery, sortsFor } from '@cellar/shared/filter/query';
import { matchesSearch } from '@cellar/shared/filter/search';
import { type Product, productWords } from '@cellar/shared/products/schemas';
import { type Reception, receptionWords } from '@cellar/shared/receptions/schemas';
import { routes } from '@cellar/shared/routes/table';
import { type ShippingOrder, shippingOrderWords } from '@cellar/shared/shippingOrders/schemas';
import { movementWords, type StockMovement } from '@cellar/shared/stockMovements/schemas';
import { type Stock, stockWords } from '@cellar/shared/stocks/schemas';
import { type User, userWords } from '@cellar/shared/users/schemas';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys';
import { sortValue } from '../../functions/src/data/list';
import { batchPut } from '../../functions/src/data/table';
import { type ProductItem, productRecords } from '../../functions/src/products/repository';
import { prng } from '../../infra/local/prng';
import { generateProduct } from '../../infra/local/seed/catalogue-data';
import { seedAndSignIn } from '../bench/seed-contacts';
import { bySize } from '../fixtures/size';
import { type Harness, SUPER, startHarness } from './harness';

/**
 * The pages are read in French, the language the records are stored in: a movement's reason and a family's name are
 * worded in the reader's language on the way out, while filters, searches and sorts work on the stored words.
 */
const STORED = 'fr';

const ROWS = 2_500;
/**
 * Generated queries per property: a third of them every day (each run draws new ones), all under
 * `npm run test:volume`.
 */
const runs = (atVolume: number) => bySize(Math.ceil(atVolume / 3), atVolume);
const ADMIN = 'admin@cli001.test';
let h: Harness;
let token: string;
let all: Contact[];

const list = (qs: string) => h.call('GET', `/api/contacts?filter[type]=recipient&${qs}`, { token });

let movements: StockMovement[];

beforeAll(async () => {
  h = await startHarness();
  token = await seedAndSignIn(h.url, ROWS);
  const res = await list('paginate=5000');
  all = res.body.data;
  movements = [];
  for (let page = 1; ; page++) {
    const r = await h.call('GET', `/api/stock-movements?paginate=5000&page=${page}`, {
      token: await h.login(ADMIN),
      lang: STORED,
    });
    movements.push(...r.body.data);
    if (page >= r.body.meta.last_page) break;
  }
}, 180_000);
afterAll(() => h?.stop());

/**
 * The query computed in memory: the shared filter and search semantics, the index's order (value, then the list's
 * tie-break value for another column than it, ListSpec.tieBreak, then id).
 */
function expected<T extends { id: string }>(
  rows: T[],
  words: (row: T) => readonly string[],
  qs: string,
  keySort: { field: string; desc: boolean },
  tieBreak?: string,
): T[] {
  const q = parseListQuery(qs);
  const search = q.filters.filter((c) => c.field === 'search').map((c) => c.values.join(','));
  const others: Condition[] = q.filters.filter((c) => c.field !== 'search' && c.field !== 'type');
  const kept = rows.filter((r) => search.every((s) => matchesSearch(words(r), s)) && matchesAll(r, others));
  const sort = q.sort[0] ?? keySort;
  const then = tieBreak && tieBreak !== sort.field ? (r: T) => `#${sortValue(getPath(r, tieBreak))}` : () => '';
  const key = (r: T) => `${sortValue(getPath(r, sort.field))}${then(r)}#${r.id}`;
  return kept.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort.desc ? -1 : 1));
}

/** Checks one answer against the query computed in memory. */
function assess<T extends { id: string }>(
  qs: string,
  answer: { status: number; body: any },
  want: T[],
  page: { paginate: number; page: number },
) {
  expect(answer.status, qs).toBe(200);
  const offset = (page.page - 1) * page.paginate;
  expect(
    answer.body.data.map((r: T) => r.id),
    qs,
  ).toEqual(want.slice(offset, offset + page.paginate).map((r) => r.id));
  if (answer.body.meta.has_more) expect(answer.body.meta.total, qs).toBeLessThanOrEqual(want.length);
  else expect(answer.body.meta.total, qs).toBe(want.length);
}

const FILTERS = fc
  .oneof(
    fc.constantFrom('zinfandel', 'cave', 'reims', 'bor', 'chartrons', 'epern', 'Épernay', '12', 'cave 7', 'nowhere'),
    fc.constant(null),
  )
  .map((s) => (s === null ? [] : [`filter[search]=${encodeURIComponent(s)}`]));
const COLUMN = fc.oneof(
  fc.constantFrom('Reims', 'EPERNAY', 'Épernay', 'lyon', 'Atlantis').map((v) => `filter[address.city]=${v}`),
  fc.constantFrom('b', 'Be', 'par', 'z').map((v) => `filter[address.city][startsWith]=${v}`),
  fc.constantFrom('ei', 'on').map((v) => `filter[address.city][contains]=${v}`),
  fc.constantFrom('20000', '55000').map((v) => `filter[address.postcode][ge]=${v}`),
  fc.constant('filter[address.postcode][bt]=30000,40000'),
  fc.constantFrom('B2B', 'B2C', 'NULL').map((v) => `filter[segment]=${v}`),
  fc.constantFrom('2025-01-01', '2025-01-02').map((v) => `filter[createdAt][le]=${v}`),
  fc.constant('filter[createdAt][gt]=2025-01-02'),
  fc.constantFrom('R00001', 'R0000', 'R00024').map((v) => `filter[code][startsWith]=${v}`),
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
      fc.asyncProperty(
        FILTERS,
        fc.uniqueArray(COLUMN, { maxLength: 2, selector: (s) => s.split('=')[0] }),
        SORT,
        PAGE,
        async (search, columns, sort, page) => {
          // Prepare
          const qs = [...search, ...columns, sort, `paginate=${page.paginate}`, `page=${page.page}`]
            .filter(Boolean)
            .join('&');
          const want = expected(all, contactWords, qs, { field: 'code', desc: false });
          // Act
          const res = await list(qs);
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(150) },
    );
  }, 120_000);

  it('reads the search words: a rare word is found at any page size, accents folded', async () => {
    // Act
    const res = await list('filter[search]=ZINFANDEL&paginate=20');
    // Assess
    expect(res.body.data.map((c: Contact) => c.address.company)).toEqual(['Zinfandel 7']);
    expect(res.body.meta).toMatchObject({ total: 1 });
  });

  it('answers a sparse combination from the filter’s own range, exactly', async () => {
    // Prepare: Reims is every tenth row (too many to read first), the code range is the last hundred (too far
    // down the code order to fill a page early).
    const qs = 'filter[address.city]=Reims&filter[code][startsWith]=R00024&paginate=20';
    // Act
    const res = await list(qs);
    // Assess
    assess(qs, res, expected(all, contactWords, qs, { field: 'code', desc: false }), { paginate: 20, page: 1 });
    expect(res.body.meta).toMatchObject({ total: 10 });
    expect(res.body.meta.has_more).toBeUndefined();
  });

  it.each([1, 2, 62, 63, 64, 124, 125, 126])('reads page %i of the whole list from its nearer end', async (page) => {
    // Prepare
    const qs = `sort=-address.city&paginate=20&page=${page}`;
    // Act
    const res = await list(qs);
    // Assess
    assess(qs, res, expected(all, contactWords, qs, { field: 'code', desc: false }), { paginate: 20, page });
  });

  it('refuses a second sort field, and a sort no index serves', async () => {
    expect((await list('sort=address.city,code')).status).toBe(422);
    expect((await list('sort=owner.code')).status).toBe(422);
  });
});

describe('A planned list (stock movements)', () => {
  it('answers nothing, not an error, to date filters that exclude each other', async () => {
    // Act
    const res = await h.call(
      'GET',
      '/api/stock-movements?filter[date][ge]=2026-09-15&filter[date][bt]=2026-06-01,2026-06-30',
      {
        token: await h.login(ADMIN),
      },
    );
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  const MOVEMENT_FILTERS = fc.oneof(
    fc
      .constantFrom('casse', 'domaine', 'bordeaux', 'vin', 'chateau', 'zzz')
      .map((v) => `filter[search]=${encodeURIComponent(v)}`),
    fc.constantFrom('CMD', 'REC', 'CASSE').map((v) => `filter[reasonCode]=${v}`),
    fc.constantFrom('input', 'output').map((v) => `filter[direction]=${v}`),
    fc.constantFrom('5', '24').map((v) => `filter[quantity][gt]=${v}`),
    fc.constant('filter[quantity][bt]=-10,10'),
    fc.constantFrom('2026-03-01', '2026-09-15').map((v) => `filter[date][ge]=${v}`),
    fc.constant('filter[date][bt]=2026-06-01,2026-06-30'),
    fc.constant('PRODUCT'),
  );
  const MOVEMENT_SORT = fc.constantFrom(
    '',
    'sort=date',
    'sort=-quantity',
    'sort=quantity',
    'sort=reasonCode',
    'sort=-stock.product.code',
    'sort=warehouse.code',
  );

  it('answers every generated query as the filter language means it', async () => {
    const admin = await h.login(ADMIN);
    const code = movements[3]?.stock.product.code ?? '';
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(MOVEMENT_FILTERS, { maxLength: 2, selector: (s) => s.split('=')[0] }),
        MOVEMENT_SORT,
        PAGE,
        async (filters, sort, page) => {
          // Prepare
          const qs = [
            ...filters.map((f) => (f === 'PRODUCT' ? `filter[stock.product.code]=${code}` : f)),
            sort,
            `paginate=${page.paginate}`,
            `page=${page.page}`,
          ]
            .filter(Boolean)
            .join('&');
          const want = expected(movements, movementWords, qs, { field: 'date', desc: true });
          // Act
          const res = await h.call('GET', `/api/stock-movements?${qs}`, { token: admin, lang: STORED });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(100) },
    );
  }, 120_000);
});

describe('A planned list (products)', () => {
  let products: Product[];
  beforeAll(async () => {
    const res = await h.call('GET', '/api/products?paginate=5000', { token: await h.login(ADMIN), lang: STORED });
    products = res.body.data;
  });

  const PRODUCT_FILTERS = fc.oneof(
    fc
      .constantFrom('chateau', 'Château', 'vin', 'rouge', 'cl75', 'zzz')
      .map((v) => `filter[search]=${encodeURIComponent(v)}`),
    fc.constantFrom('true', 'false', '1', '0').map((v) => `filter[hidden]=${v}`),
    fc.constantFrom('RG', 'BL', 'RS', 'NULL').map((v) => `filter[attributes.color]=${v}`),
    fc.constantFrom('2015', '2020').map((v) => `filter[attributes.vintage][ge]=${v}`),
    fc.constantFrom('true', 'false').map((v) => `filter[attributes.isBio]=${v}`),
    fc.constantFrom('a', 'c', 'v').map((v) => `filter[label][startsWith]=${v}`),
    fc.constant('filter[label][contains]=in'),
  );
  const PRODUCT_SORT = fc.constantFrom(
    '',
    'sort=-code',
    'sort=label',
    'sort=-hidden',
    'sort=createdAt',
    'sort=family.name',
    'sort=attributes.color',
    'sort=-attributes.vintage',
    'sort=attributes.capacity',
    'sort=attributes.isBio',
    'sort=-attributes.degree',
  );

  it('answers every generated query as the filter language means it', async () => {
    const admin = await h.login(ADMIN);
    expect(products.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(PRODUCT_FILTERS, { maxLength: 2, selector: (s) => s.split('=')[0] }),
        PRODUCT_SORT,
        fc.record({ paginate: fc.constantFrom(5, 20), page: fc.constantFrom(1, 2, 3) }),
        async (filters, sort, page) => {
          // Prepare
          const qs = [...filters, sort, `paginate=${page.paginate}`, `page=${page.page}`].filter(Boolean).join('&');
          const want = expected(products, productWords, qs, { field: 'code', desc: false }, 'code');
          // Act
          const res = await h.call('GET', `/api/products?${qs}`, { token: admin, lang: STORED });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(100) },
    );
  }, 120_000);

  it('takes the q and hidden parameters as the search and the hidden filter', async () => {
    // Prepare
    const admin = await h.login(ADMIN);
    const one = products.find((p) => !p.hidden) as Product;
    // Act
    const byQ = await h.call('GET', `/api/products?q=${encodeURIComponent(one.code)}&hidden=false`, {
      token: admin,
      lang: STORED,
    });
    // Assess
    expect(byQ.body.data.map((p: Product) => p.id)).toContain(one.id);
    expect(byQ.body.data.every((p: Product) => !p.hidden)).toBe(true);
  });
});

describe('A planned list (users)', () => {
  type UserRow = {
    id: string;
    firstname: string;
    lastname: string;
    email: string;
    active: boolean;
    createdAt: string;
    role: { slug: string };
    company: { uuid: string; code: string };
  };
  let users: UserRow[];
  const asRow = (u: User): UserRow => ({
    id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    active: u.active,
    createdAt: u.createdAt ?? '',
    role: { slug: u.role },
    company: { uuid: u.companyId, code: u.company?.code ?? '' },
  });
  const words = (u: UserRow) => userWords({ ...u, companyCode: u.company.code });

  beforeAll(async () => {
    const res = await h.call('GET', '/api/users?paginate=500&include=company', {
      token: await h.login(SUPER),
      lang: STORED,
    });
    users = res.body.data.map(asRow);
  });

  const USER_FILTERS = fc.oneof(
    fc.constantFrom('cli001', 'admin', 'CLI002', 'test', 'zzz').map((v) => `filter[search]=${v}`),
    fc.constantFrom('true', 'false').map((v) => `filter[active]=${v}`),
    fc.constantFrom('admin', 'user', 'reader', 'superadmin').map((v) => `filter[role.slug]=${v}`),
    fc.constantFrom('CLI001', 'CLI002').map((v) => `filter[company.code]=${v}`),
    fc.constant('filter[email][contains]=cli'),
    fc.constantFrom('COMPANY', 'OTHER'),
  );
  const USER_SORT = fc.constantFrom(
    '',
    'sort=-lastname',
    'sort=firstname',
    'sort=email',
    'sort=-role.slug',
    'sort=company.code',
    'sort=active',
    'sort=-createdAt',
  );

  it('answers every generated query as the filter language means it, for the superadmin and a company', async () => {
    const tokens = { super: await h.login(SUPER), admin: await h.login(ADMIN) };
    const company = users.find((u) => u.email === ADMIN)?.company.uuid as string;
    const other = users.find((u) => u.company.uuid !== company)?.company.uuid as string;
    expect(users.length).toBeGreaterThan(5);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('super', 'admin') as fc.Arbitrary<'super' | 'admin'>,
        fc.uniqueArray(USER_FILTERS, {
          maxLength: 2,
          selector: (s) => (s === 'OTHER' ? 'COMPANY' : s.split('=')[0]),
        }),
        USER_SORT,
        fc.record({ paginate: fc.constantFrom(2, 5), page: fc.constantFrom(1, 2) }),
        async (who, filters, sort, page) => {
          // Prepare: a company's admin sees its own users only, as if it had filtered by its company too.
          const qs = [
            ...filters.map((f) =>
              f === 'COMPANY' ? `filter[company.uuid]=${company}` : f === 'OTHER' ? `filter[company.uuid]=${other}` : f,
            ),
            sort,
            `paginate=${page.paginate}`,
            `page=${page.page}`,
          ]
            .filter(Boolean)
            .join('&');
          const rows = who === 'super' ? users : users.filter((u) => u.company.uuid === company);
          const want = expected(rows, words, qs, { field: 'lastname', desc: false }, 'lastname');
          // Act
          const res = await h.call('GET', `/api/users?${qs}`, { token: tokens[who] });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(100) },
    );
  }, 120_000);
});

describe('A planned list (activity logs)', () => {
  let logs: ActivityLog[];
  let middle: string;
  beforeAll(async () => {
    for (const [who, page] of [
      [ADMIN, 'recipient-list'],
      ['admin@cli002.test', 'product-list'],
      [ADMIN, 'dashboard'],
      ['user@cli001.test', 'stock-list'],
      ['admin@cli002.test', 'dashboard'],
    ] as const) {
      const token = await h.login(who);
      for (let i = 0; i < 4; i++) {
        await h.call('POST', '/api/activity-logs', { token, body: { type: 'pageView', pageName: page } });
      }
    }
    const res = await h.call('GET', '/api/activity-logs?paginate=5000', { token: await h.login(SUPER), lang: STORED });
    logs = res.body.data;
    middle = logs[Math.floor(logs.length / 2)]?.createdAt as string;
  });

  const LOG_FILTERS = fc.oneof(
    fc.constantFrom('CLI001', 'CLI002', 'NOPE').map((v) => `filter[user.company.code]=${v}`),
    fc.constantFrom('dashboard', 'stock-list').map((v) => `filter[pageName]=${v}`),
    fc.constant('filter[type]=pageView'),
    fc.constant('filter[user.email][contains]=admin'),
    fc.constantFrom('ge', 'lt').map((op) => `AT${op}`),
  );

  it('answers every generated query as the filter language means it, for the superadmin and a company', async () => {
    const tokens = { super: await h.login(SUPER), admin: await h.login(ADMIN) };
    expect(logs.length).toBeGreaterThanOrEqual(20);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('super', 'admin') as fc.Arbitrary<'super' | 'admin'>,
        fc.uniqueArray(LOG_FILTERS, { maxLength: 2, selector: (s) => (s.startsWith('AT') ? 'AT' : s.split('=')[0]) }),
        fc.constantFrom('', 'sort=createdAt', 'sort=-createdAt'),
        fc.record({ paginate: fc.constantFrom(3, 10), page: fc.constantFrom(1, 2) }),
        async (who, filters, sort, page) => {
          // Prepare: a company sees its own logs only.
          const qs = [
            ...filters.map((f) =>
              f.startsWith('AT') ? `filter[createdAt][${f.slice(2)}]=${encodeURIComponent(middle)}` : f,
            ),
            sort,
            `paginate=${page.paginate}`,
            `page=${page.page}`,
          ]
            .filter(Boolean)
            .join('&');
          const rows = who === 'super' ? logs : logs.filter((l) => l.user.company.code === 'CLI001');
          const want = expected(rows, () => [], qs, { field: 'createdAt', desc: true });
          // Act
          const res = await h.call('GET', `/api/activity-logs?${qs}`, { token: tokens[who] });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(80) },
    );
  }, 120_000);
});

describe('A planned list read on by cursor', () => {
  /** Every page of a query, each read with the cursor of the page before. */
  async function byCursor(path: string, qs: string, token: string, pages: number) {
    const out: { id: string }[][] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= pages; page++) {
      const res = await h.call('GET', `${path}?${qs}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`, { token });
      expect(res.status).toBe(200);
      out.push(res.body.data);
      cursor = res.body.meta.cursor;
    }
    return out;
  }

  it.each([
    ['/api/contacts', 'filter[type]=recipient&paginate=100'],
    ['/api/contacts', 'filter[type]=recipient&sort=-address.city&paginate=100'],
    ['/api/contacts', 'filter[type]=recipient&filter[address.city][contains]=ei&sort=address.postcode&paginate=20'],
    ['/api/contacts', 'filter[type]=recipient&filter[segment]=B2C&paginate=50'],
    ['/api/stock-movements', 'sort=-quantity&paginate=20'],
    ['/api/stock-movements', 'filter[direction]=output&paginate=20'],
  ])('answers %s?%s page by page as it does page by number', async (path, qs) => {
    // Prepare
    const token = await h.login(ADMIN);
    // Act
    const pages = await byCursor(path, qs, token, 6);
    // Assess
    for (const [i, rows] of pages.entries()) {
      const numbered = await h.call('GET', `${path}?${qs}&page=${i + 1}`, { token });
      expect(rows.map((r) => r.id)).toEqual(numbered.body.data.map((r: { id: string }) => r.id));
    }
    expect(pages.flat().length).toBeGreaterThan(0);
  });

  it('reads from where the cursor says, not from the page number', async () => {
    // Prepare: the cursor ending page 3, relabelled as ending page 1.
    const third = await list('paginate=20&page=3&sort=address.city');
    const { k } = JSON.parse(Buffer.from(third.body.meta.cursor, 'base64url').toString('utf8'));
    const relabelled = Buffer.from(JSON.stringify({ p: 1, k })).toString('base64url');
    // Act
    const res = await list(`paginate=20&page=2&sort=address.city&cursor=${relabelled}`);
    // Assess: the rows after page 3, numbered as page 2.
    expect(res.body.data).toEqual((await list('paginate=20&page=4&sort=address.city')).body.data);
    expect(res.body.meta.current_page).toBe(2);
  });

  it('ignores a cursor that is not the previous page’s, or not of this list', async () => {
    // Prepare: the cursor ending page 1 of the recipients.
    const token = await h.login(ADMIN);
    const first = await list('paginate=20');
    const cursor = first.body.meta.cursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const forged = Buffer.from(
      JSON.stringify({ p: 1, k: { PK: 'T#SOMEONE-ELSE', SK: 'CONTACT#recipient#R00001' } }),
    ).toString('base64url');
    // Act
    const third = await list(`paginate=20&page=3&cursor=${cursor}`);
    const elsewhere = await h.call('GET', `/api/stock-movements?paginate=20&page=2&cursor=${cursor}`, { token });
    const other = await list(`paginate=20&page=2&cursor=${forged}`);
    const garbage = await list('paginate=20&page=2&cursor=not*a*cursor');
    // Assess: answered as if no cursor was given, or refused when it is not even one.
    expect(third.body.data).toEqual((await list('paginate=20&page=3')).body.data);
    expect(elsewhere.body.data).toEqual(
      (await h.call('GET', '/api/stock-movements?paginate=20&page=2', { token })).body.data,
    );
    expect(other.body.data).toEqual((await list('paginate=20&page=2')).body.data);
    expect(garbage.status).toBe(422);
  });
});

describe('A planned list (stock lines)', () => {
  let stocks: Stock[];
  let everyone: Stock[];
  beforeAll(async () => {
    stocks = (await h.call('GET', '/api/stocks?paginate=5000', { token: await h.login(ADMIN), lang: STORED })).body
      .data;
    everyone = (await h.call('GET', '/api/stocks?paginate=5000', { token: await h.login(SUPER), lang: STORED })).body
      .data;
  });

  const STOCK_FILTERS = fc.oneof(
    fc.constantFrom('chateau', 'vin', 'l2', 'zzz').map((v) => `filter[search]=${v}`),
    fc.constantFrom('0', '100').map((v) => `filter[quantity][gt]=${v}`),
    fc.constant('SELLABLE'),
    fc.constantFrom('STD', 'NCO', 'BLO').map((v) => `filter[quality]=${v}`),
    fc.constantFrom('B2B', 'B2C', 'NULL').map((v) => `filter[segment]=${v}`),
    fc.constant('PRODUCT'),
    fc.constant('IDS'),
    fc.constantFrom('RG', 'BL').map((v) => `filter[product.attributes.color]=${v}`),
    fc.constant('filter[batch][startsWith]=L2'),
    fc.constant('filter[storedAt][ge]=2026-01-01'),
  );
  const STOCK_SORT = fc.constantFrom(
    '',
    'sort=-product.code',
    'sort=product.label',
    'sort=-quantity',
    'sort=available',
    'sort=quantity_allocated',
    'sort=storedAt',
    'sort=product.family.name',
    'sort=product.attributes.color',
    'sort=-product.attributes.vintage',
    'sort=product.attributes.capacity',
    'sort=batch',
    'sort=quality',
    'sort=-segment',
    'sort=bbd',
  );

  it('answers every generated query as the filter language means it', async () => {
    const admin = await h.login(ADMIN);
    expect(stocks.length).toBeGreaterThan(50);
    const code = stocks[7]?.product.code as string;
    const ids = [stocks[1]?.id, stocks[5]?.id, everyone.find((s) => s.owner?.code !== 'CLI001')?.id].join(',');
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(STOCK_FILTERS, {
          maxLength: 2,
          selector: (s) => (s === 'SELLABLE' ? 'filter[quality]' : s.split('=')[0]),
        }),
        STOCK_SORT,
        fc.record({ paginate: fc.constantFrom(10, 50), page: fc.constantFrom(1, 2, 4) }),
        async (filters, sort, page) => {
          // Prepare: the sellable view is the order screens' pair of filters; ids include another owner's line.
          const qs = [
            ...filters.map((f) =>
              f === 'SELLABLE'
                ? 'filter[available][gt]=0&filter[quality][notIn]=BLO,NC,NCO'
                : f === 'PRODUCT'
                  ? `filter[product.code]=${code}`
                  : f === 'IDS'
                    ? `filter[uuid]=${ids}`
                    : f,
            ),
            sort,
            `paginate=${page.paginate}`,
            `page=${page.page}`,
          ]
            .filter(Boolean)
            .join('&');
          const want = expected(
            stocks,
            stockWords,
            qs.replace('filter[uuid]', 'filter[id]'),
            { field: 'product.code', desc: false },
            'product.code',
          );
          // Act
          const res = await h.call('GET', `/api/stocks?${qs}`, { token: admin, lang: STORED });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(120) },
    );
  }, 180_000);

  it('reads one quality sorted by label from its own partition, page by page, both ways, with a search', async () => {
    // Prepare: every quality the company holds, each walked whole in pages of 10
    const admin = await h.login(ADMIN);
    const qualities = [...new Set(stocks.map((s) => s.quality))];
    const queries = qualities.flatMap((quality) =>
      ['sort=product.label', 'sort=-product.label', 'sort=product.label&filter[search]=vin'].map(
        (rest) => `filter[quality]=${quality}&${rest}`,
      ),
    );
    for (const query of queries) {
      const want = expected(stocks, stockWords, query, { field: 'product.code', desc: false }, 'product.code');
      for (let page = 1; page <= Math.max(1, Math.ceil(want.length / 10)); page++) {
        const qs = `${query}&paginate=10&page=${page}`;
        // Act
        const res = await h.call('GET', `/api/stocks?${qs}`, { token: admin, lang: STORED });
        // Assess
        assess(qs, res, want, { paginate: 10, page });
      }
    }
    expect(qualities.length).toBeGreaterThan(1);
  }, 120_000);

  it('lists every owner’s lines for the superadmin in product order, and one owner’s when named', async () => {
    // Prepare
    const token = await h.login(SUPER);
    const owners = new Set(everyone.map((s) => s.owner?.code));
    // Act
    const first = await h.call('GET', '/api/stocks?paginate=50', { token });
    const one = await h.call('GET', `/api/stocks?paginate=50&filter[owner.id]=${stocks[0]?.owner?.id}`, { token });
    // Assess
    expect(owners.size).toBeGreaterThan(1);
    const codes = first.body.data.map((s: Stock) => s.product.code);
    expect(codes).toEqual([...codes].sort());
    expect(one.body.data.every((s: Stock) => s.owner?.code === 'CLI001')).toBe(true);
    expect(one.body.meta.total).toBe(stocks.length);
  });

  it('shows a product’s edit in its lines, which the list then sorts by', async () => {
    // Prepare: a product with lines, relabelled so that it sorts first.
    const token = await h.login(ADMIN);
    const line = stocks[10] as Stock;
    const product = (await h.call('GET', `/api/products/${line.product.id}`, { token })).body;
    const {
      id: _id,
      owner: _o,
      warehouse: _w,
      supplier: _s,
      family: _f,
      hasStock: _h,
      createdAt: _c,
      updatedAt: _u,
      ...body
    } = product;
    const saved = await h.call('PUT', `/api/products/${line.product.id}`, {
      token,
      body: { ...body, label: '000 First' },
    });
    expect(saved.status).toBe(200);
    // Act
    const res = await h.call('GET', '/api/stocks?sort=product.label&paginate=5', { token });
    // Assess
    expect(res.body.data[0].product).toMatchObject({ id: line.product.id, label: '000 First' });
  });
});

describe('A planned list (receptions)', () => {
  let receptions: Reception[];
  beforeAll(async () => {
    receptions = (
      await h.call('GET', '/api/receptions?paginate=5000&include=supplier', {
        token: await h.login(ADMIN),
        lang: STORED,
      })
    ).body.data;
  });

  const RECEPTION_FILTERS = fc.oneof(
    fc.constantFrom('000', '001', '100', '200').map((v) => `filter[statusCode]=${v}`),
    fc.constantFrom('f', 'multi').map((v) => `filter[supplier.name][startsWith]=${v}`),
    fc.constantFrom('rec', 'zzz').map((v) => `filter[search]=${v}`),
    fc.constantFrom('5', '20').map((v) => `filter[expectedQuantity][gt]=${v}`),
  );

  it('answers every generated query as the filter language means it', async () => {
    const admin = await h.login(ADMIN);
    expect(receptions.length).toBeGreaterThanOrEqual(10);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(RECEPTION_FILTERS, { maxLength: 2, selector: (s) => s.split('=')[0] }),
        fc.constantFrom('', 'sort=createdAt', 'sort=-expectedAt', 'sort=reference', 'sort=statusCode'),
        fc.record({ paginate: fc.constantFrom(2, 5), page: fc.constantFrom(1, 2) }),
        async (filters, sort, page) => {
          // Prepare
          const qs = [...filters, sort, `paginate=${page.paginate}`, `page=${page.page}`].filter(Boolean).join('&');
          const want = expected(receptions, receptionWords, qs, { field: 'createdAt', desc: true });
          // Act
          const res = await h.call('GET', `/api/receptions?${qs}`, { token: admin, lang: STORED });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(80) },
    );
  }, 120_000);
});

describe('A planned list (shipping orders)', () => {
  let shippingOrders: ShippingOrder[];
  beforeAll(async () => {
    shippingOrders = (
      await h.call('GET', '/api/shipping-orders?paginate=5000&include=pickupAddress,deliveryAddress', {
        token: await h.login(ADMIN),
      })
    ).body.data;
  });

  const SHIPPING_ORDER_FILTERS = fc.oneof(
    fc.constantFrom('000', '001', '100', '200').map((v) => `filter[statusCode]=${v}`),
    fc.constantFrom('a', 'c', 'l').map((v) => `filter[deliveryAddress.name][startsWith]=${v}`),
    fc.constantFrom('tr', 'cli001', 'zzz').map((v) => `filter[search]=${v}`),
    fc.constantFrom('100', '500').map((v) => `filter[unitCount][gt]=${v}`),
    fc
      .constantFrom(0, 5, 15)
      .map((n) => `filter[deliveryDate][ge]=${new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)}`),
  );

  it('answers every generated query as the filter language means it', async () => {
    const admin = await h.login(ADMIN);
    expect(shippingOrders.length).toBeGreaterThanOrEqual(8);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(SHIPPING_ORDER_FILTERS, { maxLength: 2, selector: (s) => s.split('=')[0] }),
        fc.constantFrom(
          '',
          'sort=createdAt',
          'sort=deliveryDate',
          'sort=-pickupDate',
          'sort=reference',
          'sort=statusCode',
        ),
        fc.record({ paginate: fc.constantFrom(2, 5), page: fc.constantFrom(1, 2) }),
        async (filters, sort, page) => {
          // Prepare
          const qs = [...filters, sort, `paginate=${page.paginate}`, `page=${page.page}`].filter(Boolean).join('&');
          const want = expected(shippingOrders, shippingOrderWords, qs, { field: 'createdAt', desc: true });
          // Act
          const res = await h.call('GET', `/api/shipping-orders?${qs}`, { token: admin, lang: STORED });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(80) },
    );
  }, 120_000);
});

describe('A planned list (products, a catalogue of hundreds)', () => {
  /** More products than a search's probe reads whole: a common word is then read in the list's order. */
  const MORE = 400;
  let products: Product[];
  let admin: string;
  const read = async () =>
    (await h.call('GET', '/api/products?paginate=5000', { token: admin, lang: STORED })).body.data as Product[];
  beforeAll(async () => {
    admin = await h.login(ADMIN);
    const [one] = await read();
    const { ownerId, warehouseId } = one as Product;
    const rng = prng(2027);
    const made = Array.from({ length: MORE }, (_, i) =>
      generateProduct(rng, String(ownerId), [warehouseId ?? ''], 5001 + i, ulid()),
    );
    const outcomes = await productRecords.insertMany(made);
    expect(outcomes.every((o) => o.created)).toBe(true);
    products = await read();
  }, 120_000);

  const COMMON = fc
    .constantFrom('chateau', 'Château', 'ch', 'c', 'domaine', 'cl 75', '75', 'maison jadot', '20', 'zzz')
    .map((v) => `filter[search]=${encodeURIComponent(v)}`);
  const OTHER = fc.oneof(
    fc.constantFrom('true', 'false').map((v) => `filter[hidden]=${v}`),
    fc.constantFrom('RG', 'BL').map((v) => `filter[attributes.color]=${v}`),
    fc.constant('filter[attributes.vintage][ge]=2015'),
    fc.constantFrom('c', 'd').map((v) => `filter[label][startsWith]=${v}`),
  );

  it('answers a common word’s every generated query as the filter language means it', async () => {
    expect(products.length).toBeGreaterThan(MORE);
    // The probe's limit is passed: the word's own entries are too many to be read whole.
    expect(products.filter((p) => matchesSearch(productWords(p), 'chateau')).length).toBeGreaterThan(100);
    await fc.assert(
      fc.asyncProperty(
        COMMON,
        fc.option(OTHER, { nil: undefined }),
        fc.constantFrom('', 'sort=code', 'sort=-code', 'sort=label', 'sort=-attributes.vintage'),
        fc.record({ paginate: fc.constantFrom(5, 20), page: fc.constantFrom(1, 2, 9) }),
        async (search, other, sort, page) => {
          // Prepare
          const qs = [search, other, sort, `paginate=${page.paginate}`, `page=${page.page}`].filter(Boolean).join('&');
          const want = expected(products, productWords, qs, { field: 'code', desc: false }, 'code');
          // Act
          const res = await h.call('GET', `/api/products?${qs}`, { token: admin, lang: STORED });
          // Assess
          assess(qs, res, want, page);
        },
      ),
      { numRuns: runs(60) },
    );
  }, 120_000);

  it('counts one value’s range past the page by its keys, exactly to its end, however the page falls', async () => {
    // Prepare: one colour's products, fewer than a page and the 200 counted past it, more than a page
    for (const colour of ['RG', 'BL', 'RS']) {
      const want = expected(products, productWords, `filter[attributes.color]=${colour}`, {
        field: 'code',
        desc: false,
      });
      for (const page of [
        { paginate: 5, page: 1 },
        { paginate: 20, page: 2 },
        { paginate: 20, page: Math.ceil(want.length / 20) },
        { paginate: 100, page: 1 },
      ]) {
        const qs = `filter[attributes.color]=${colour}&paginate=${page.paginate}&page=${page.page}`;
        // Act
        const res = await h.call('GET', `/api/products?${qs}`, { token: admin, lang: STORED });
        // Assess: the page, and the total, exact when the range ends within what is counted
        assess(qs, res, want, page);
        if (want.length <= page.paginate * page.page + 200) expect(res.body.meta.has_more, qs).toBeUndefined();
      }
    }
  });

  it('reads a common word page by page with the cursor, either way, as it does page by number', async () => {
    for (const qs of ['filter[search]=chateau&paginate=20', 'filter[search]=ch&sort=-code&paginate=20']) {
      // Prepare
      const want = expected(products, productWords, qs, { field: 'code', desc: false }, 'code');
      const ids: string[] = [];
      let cursor: string | undefined;
      // Act
      for (let page = 1; page <= Math.ceil(want.length / 20); page++) {
        const res = await h.call('GET', `/api/products?${qs}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`, {
          token: admin,
        });
        ids.push(...res.body.data.map((p: Product) => p.id));
        cursor = res.body.meta.cursor;
      }
      // Assess
      expect(ids, qs).toEqual(want.map((p) => p.id));
    }
  });

  it('follows a product’s words as they change, and once only beside what a failed change left', async () => {
    // Prepare: a château renamed, another whose change lost its race after putting its new words, and a domaine
    // whose change to a château lost its race the same way
    const [renamed, raced] = products.filter((p) => p.label.startsWith('Château') && p.code.endsWith('1'));
    // The last in code order: its entry lies past the first page, among those counted by their words.
    const domaine = products.findLast((p) => p.label.startsWith('Domaine'));
    if (!renamed || !raced || !domaine) throw new Error('The catalogue holds no château to rename');
    const stored = async (p: Product) =>
      (await productRecords.get(keys.product(String(p.ownerId), p.code))) as ProductItem;
    const before = await stored(renamed);
    await productRecords.replace({ ...before, label: 'Clos Zéphyr 75 cl' }, before);
    const left = await stored(raced);
    await batchPut(productRecords.searchItems({ ...left, label: `${left.label} Cuvée Chapelle` }));
    await batchPut(productRecords.searchItems({ ...(await stored(domaine)), label: 'Château Fantôme 75 cl' }));
    // Act
    const page = async (word: string, paginate = 5000) =>
      (await h.call('GET', `/api/products?filter[search]=${word}&paginate=${paginate}`, { token: admin })).body;
    const [chateau, zephyr, chapelle] = [await page('chateau'), await page('zephyr'), await page('chapelle')];
    const firstPage = await page('chateau', 20);
    // Assess
    const ids = (body: { data: Product[] }) => body.data.map((p) => p.id);
    expect(ids(chateau)).not.toContain(renamed.id);
    expect(ids(chateau)).not.toContain(domaine.id);
    expect(ids(zephyr)).toEqual([renamed.id]);
    expect(ids(chateau).filter((id) => id === raced.id)).toHaveLength(1);
    expect(ids(chapelle)).not.toContain(raced.id);
    // A page of 20 counts what follows by the entries' words, then reads their rows as the count ends: exact.
    expect(firstPage.meta.has_more).toBeUndefined();
    expect(firstPage.meta.total).toBe(chateau.data.length);
    products = await read();
  });
});

describe('Every owner’s lists sort as their spec says (sortsByOwner, sortsFor)', () => {
  it('sort every owner’s rows by their key alone, and one owner’s by every sort, as the grid offers them', async () => {
    const superToken = await h.login(SUPER);
    const owner = (await h.call('GET', '/api/auth/user', { token: await h.login(ADMIN) })).body.companyId as string;
    const lists = Object.values(routes).filter(
      (r): r is typeof r & { list: ListSpec } => 'list' in r && !!r.list && r.method === 'GET' && !r.path.includes(':'),
    );
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const route of lists) {
      const base = `${route.path}?paginate=1${route.path === '/api/contacts' ? '&filter[type]=recipient' : ''}`;
      for (const field of route.list.sorts) {
        const everyOwner = await h.call('GET', `${base}&sort=-${field}`, { token: superToken, lang: 'fr' });
        answers.push(`${route.path} ${field}: ${everyOwner.status}`);
        wanted.push(`${route.path} ${field}: ${sortsFor(route.list, true).includes(field) ? 200 : 422}`);
        if (everyOwner.status === 422) {
          // In the caller's language, naming what to do.
          expect(everyOwner.body.errors.sort[0]).toContain('choisissez un propriétaire');
        }
        if (!route.list.sortsByOwner || !route.list.filters.includes('owner.id')) continue;
        const one = await h.call('GET', `${base}&sort=-${field}&filter[owner.id]=${owner}`, { token: superToken });
        answers.push(`${route.path} ${field} of one owner: ${one.status}`);
        wanted.push(`${route.path} ${field} of one owner: 200`);
      }
    }
    expect(answers).toEqual(wanted);
    // The lists that declare it, and one that does not.
    expect(answers.filter((a) => a.endsWith('422')).length).toBeGreaterThan(30);
    expect(answers).toContain('/api/users lastname: 200');
  });
});
