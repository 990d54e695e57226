import { todayIn } from '@cellar/shared/common/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN1, ADMIN2, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const list = async (email: string, qs: string) => h.call('GET', `/api/contacts?${qs}`, { token: await h.login(email) });
const me = async (email: string) =>
  (await h.call('GET', '/api/auth/user?include=warehouses', { token: await h.login(email) })).body;

const recipient = (code: string, patch: Record<string, unknown> = {}) => ({
  type: 'recipient',
  code,
  segment: 'B2B',
  address: {
    isCompany: true,
    company: 'Cave du Port',
    siretNumber: '73282932000074',
    street: '4 quai des Chartrons',
    postcode: '33000',
    city: 'Bordeaux',
    country: 'FR',
  },
  ...patch,
});

describe('GET /api/contacts', () => {
  it('pages a tenant’s recipients in code order with exact meta', async () => {
    const first = await list(ADMIN1, 'filter[type]=recipient&paginate=20&page=1');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({
      from: 1,
      to: 20,
      current_page: 1,
      last_page: 13,
      per_page: 20,
      total: 260,
      cursor: expect.any(String),
    });
    const codes = first.body.data.map((c: { code: string }) => c.code);
    expect(codes).toEqual([...codes].sort());
    const last = await list(ADMIN1, 'filter[type]=recipient&paginate=20&page=13');
    expect(last.body.meta).toMatchObject({ from: 241, to: 260 });
    expect(last.body.data[0].code > codes[19]).toBe(true);
    const beyond = await list(ADMIN1, 'filter[type]=recipient&paginate=20&page=14');
    expect(beyond.body).toMatchObject({ data: [], meta: { from: null, to: null, total: 260 } });
  });

  it('sorts descending by code, and by other columns', async () => {
    const desc = await list(ADMIN1, 'filter[type]=recipient&sort=-code&paginate=5');
    const codes = desc.body.data.map((c: { code: string }) => c.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const byCity = await list(ADMIN1, 'filter[type]=recipient&sort=address.city&paginate=300');
    const cities = byCity.body.data.map((c: { address: { city: string } }) => c.address.city);
    expect(cities[0] <= cities[cities.length - 1]).toBe(true);
    expect(byCity.body.meta.total).toBe(260);
    // One index orders by one column: a second sort field is refused rather than sorted in memory.
    const twoFields = await list(ADMIN1, 'filter[type]=recipient&sort=address.city,code');
    expect(twoFields.status).toBe(422);
  });

  it('searches and filters by column with exact totals', async () => {
    const search = await list(ADMIN1, 'filter[type]=recipient&filter[search]=reims&paginate=500');
    expect(search.body.data.length).toBeGreaterThan(0);
    expect(search.body.meta.total).toBe(search.body.data.length);
    for (const c of search.body.data) expect(JSON.stringify(c).toLowerCase()).toContain('reims');
    const b2c = await list(ADMIN1, 'filter[type]=recipient&filter[segment]=B2C&paginate=500');
    expect(b2c.body.meta.total).toBe(86);
    const starts = await list(ADMIN1, 'filter[type]=recipient&filter[code][startsWith]=PART00&paginate=500');
    expect(starts.body.data.every((c: { code: string }) => c.code.startsWith('PART00'))).toBe(true);
  });

  it('keeps tenants apart', async () => {
    const own = await list(ADMIN2, 'filter[type]=recipient&paginate=500');
    expect(own.body.meta.total).toBe(30);
    const other = await list(ADMIN2, 'filter[type]=recipient&filter[owner.id]=x&paginate=500');
    expect(other.body.meta.total).toBe(0);
    const superAll = await list(SUPER, 'filter[type]=recipient&paginate=5');
    expect(superAll.body.meta.total).toBe(290);
    const cli2 = (await me(ADMIN2)).companyId;
    const superOne = await list(SUPER, `filter[type]=recipient&filter[owner.id]=${cli2}&paginate=5`);
    expect(superOne.body.meta.total).toBe(30);
  });

  it('shows carriers of the caller’s segments only (and those with none)', async () => {
    const b2bOnly = await list(ADMIN2, 'filter[type]=carrier&paginate=50');
    const segments = new Set(b2bOnly.body.data.map((c: { segment: string | null }) => c.segment));
    expect([...segments].sort()).toEqual(['B2B', null].sort());
    expect(b2bOnly.body.meta.total).toBe(b2bOnly.body.data.length);
    const all = await list(ADMIN1, 'filter[type]=carrier&paginate=50');
    expect(all.body.meta.total).toBe(6);
  });

  it('refuses unknown filters, operators and a missing type', async () => {
    expect((await list(ADMIN1, 'filter[type]=recipient&filter[passwordHash]=x')).status).toBe(422);
    expect((await list(ADMIN1, 'filter[type]=recipient&filter[code][zz]=x')).status).toBe(422);
    expect((await list(ADMIN1, 'paginate=5')).status).toBe(422);
    expect((await list(ADMIN1, 'filter[type]=recipient&paginate=5001')).status).toBe(422);
  });

  it('says what is wrong with a list query in the reader’s language', async () => {
    const token = await h.login(ADMIN1);
    const refused = async (qs: string, lang: 'fr' | 'en') =>
      (await h.call('GET', `/api/contacts?filter[type]=recipient&${qs}`, { token, lang })).body;
    expect(await refused('paginate=5001', 'fr')).toEqual({
      message: 'Les données transmises sont invalides.',
      errors: { paginate: ['paginate : nombre entier de 1 à 5000 attendu.'] },
    });
    expect((await refused('paginate=5001', 'en')).errors).toEqual({
      paginate: ['paginate must be a whole number from 1 to 5000.'],
    });
    expect((await refused('filter[passwordHash]=x', 'fr')).errors).toEqual({
      'filter[passwordHash]': ['Cette liste ne se filtre pas par passwordHash.'],
    });
  });

  it('exports CSV with a BOM, semicolons, neutralised formulas, and the grid’s titles and labels in each language', async () => {
    const token = await h.login(ADMIN1);
    const warehouseId = (await me(ADMIN1)).warehouseIds[0];
    const created = await h.call('POST', '/api/contacts', {
      token,
      body: recipient('CSV-1', { warehouseId, address: { ...recipient('x').address, company: '=HYPERLINK("x")' } }),
    });
    expect(created.status).toBe(201);
    const res = await h.call(
      'GET',
      '/api/contacts?filter[type]=recipient&filter[code]=CSV-1&output=csv&columns=code,displayName,address.city',
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('recipients.csv');
    const bytes = new Uint8Array(
      await (
        await h.fetch(`/api/contacts?filter[type]=recipient&filter[code]=CSV-1&output=csv&columns=code`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const withWarehouse = await h.call(
      'GET',
      '/api/contacts?filter[type]=recipient&filter[code]=CSV-1&output=csv&columns=code,warehouse.name',
      { token },
    );
    // The warehouse is written as its code, under the grid's title.
    expect(withWarehouse.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Code;Warehouse');
    expect(withWarehouse.text.split('\r\n')[1]).toMatch(/^CSV-1;(BDX|COG|REI)$/);
    expect(res.text.replace(/^\uFEFF/, '')).toBe('Code;Contact;City\r\nCSV-1;"\'=HYPERLINK(""x"")";Bordeaux\r\n');
    const query = '/api/contacts?filter[type]=recipient&filter[code]=CSV-1&output=csv';
    const columns = 'columns=code,address.city,address.postcode,warehouse.name,segment';
    const fr = await h.call('GET', `${query}&${columns}`, { token, lang: 'fr' });
    expect(fr.text).toMatch(/^Code;Ville;Code postal;Entrepôt;Segment\r\nCSV-1;Bordeaux;33000;[A-Z]{3};B2B\r\n$/);
    const en = await h.call('GET', `${query}&${columns}`, { token, lang: 'en' });
    expect(en.text.split('\r\n')[0]).toBe('Code;City;Postal code;Warehouse;Segment');
  });
});

describe('GET/POST/PUT /api/contacts/{id}', () => {
  it('creates a recipient for the caller’s own company, whatever the body says', async () => {
    const token = await h.login(USER1);
    const user = await me(USER1);
    const before = (await list(USER1, 'filter[type]=recipient&paginate=1')).body.meta.total;
    const res = await h.call('POST', '/api/contacts', {
      token,
      body: recipient('new-1', { ownerId: 'SOMEONE-ELSE', warehouseId: user.warehouseIds[0] }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code: 'NEW-1',
      ownerId: user.companyId,
      owner: { code: 'CLI001' },
      displayName: 'Cave du Port',
      text: 'NEW-1 - Cave du Port',
    });
    const got = await h.call('GET', `/api/contacts/${res.body.id}`, { token });
    expect(got.body.code).toBe('NEW-1');
    const total = await list(USER1, 'filter[type]=recipient&paginate=1');
    expect(total.body.meta.total).toBe(before + 1);
  });

  it('refuses a duplicate code for the same owner and type with 409', async () => {
    const token = await h.login(ADMIN1);
    const wh = (await me(ADMIN1)).warehouseIds[0];
    expect(
      (await h.call('POST', '/api/contacts', { token, body: recipient('DUP-1', { warehouseId: wh }) })).status,
    ).toBe(201);
    const again = await h.call('POST', '/api/contacts', { token, body: recipient('dup-1', { warehouseId: wh }) });
    expect(again.status).toBe(409);
    expect(again.body.errors.code).toEqual(['This value is already used.']);
    // Another type may reuse the code.
    expect(
      (
        await h.call('POST', '/api/contacts', {
          token,
          body: { ...recipient('DUP-1', { warehouseId: wh }), type: 'supplier', segment: null },
        })
      ).status,
    ).toBe(201);
  });

  it('enforces every address rule on the server, translated', async () => {
    const token = await h.login(ADMIN1);
    const wh = (await me(ADMIN1)).warehouseIds[0];
    const bad = recipient('BAD-1', {
      warehouseId: wh,
      segment: 'B2C',
      address: { ...recipient('x').address, siretNumber: '12345678901234', postcode: '3300' },
    });
    const fr = await h.call('POST', '/api/contacts', { token, body: bad, lang: 'fr' });
    expect(fr.status).toBe(422);
    expect(fr.body.errors).toMatchObject({
      'address.siretNumber': ['Le numéro SIRET est invalide.'],
      'address.postcode': ['Le code postal est incorrect.'],
      'address.name': ['Ce champ est obligatoire.'],
      'address.email': ['Ce champ est obligatoire.'],
      'address.phone': ['Ce champ est obligatoire.'],
    });
  });

  it('refuses another company’s warehouse', async () => {
    const token = await h.login(ADMIN2);
    const foreign = (await me(ADMIN1)).warehouseIds.find((w: string) => !(true as boolean) || w);
    const cli2Warehouses: string[] = (await me(ADMIN2)).warehouseIds;
    const outside = (await me(ADMIN1)).warehouseIds.find((w: string) => !cli2Warehouses.includes(w)) ?? foreign;
    const res = await h.call('POST', '/api/contacts', { token, body: recipient('WH-1', { warehouseId: outside }) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['warehouseId']);
  });

  it('updates without touching the code, and hides other tenants’ contacts as 404', async () => {
    const token = await h.login(ADMIN1);
    const wh = (await me(ADMIN1)).warehouseIds[0];
    const created = (await h.call('POST', '/api/contacts', { token, body: recipient('EDIT-1', { warehouseId: wh }) }))
      .body;
    const put = await h.call('PUT', `/api/contacts/${created.id}`, {
      token,
      body: {
        ...created,
        code: 'HACKED',
        warehouseId: wh,
        address: { ...created.address, city: 'Libourne', postcode: '33500' },
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ code: 'EDIT-1', address: { city: 'Libourne' } });
    const other = await h.login(ADMIN2);
    expect((await h.call('GET', `/api/contacts/${created.id}`, { token: other })).status).toBe(404);
    expect((await h.call('PUT', `/api/contacts/${created.id}`, { token: other, body: put.body })).status).toBe(404);
    expect((await h.call('GET', '/api/contacts/NOPE', { token })).status).toBe(404);
  });

  it('lets readers read but not write', async () => {
    const token = await h.login(READER1);
    expect((await list(READER1, 'filter[type]=supplier')).status).toBe(200);
    expect((await h.call('POST', '/api/contacts', { token, body: recipient('R-1') })).status).toBe(403);
  });

  it('keeps carriers to the provider: clients may read them, only the superadmin writes them', async () => {
    const carrier = {
      type: 'carrier',
      code: 'TNT',
      segment: 'B2C',
      address: { ...recipient('x').address, company: 'TNT' },
      services: [{ code: 'EXP', name: 'Express', isPickupPoint: false }],
    };
    const refused = await h.call('POST', '/api/contacts', { token: await h.login(ADMIN1), body: carrier });
    expect(refused.status, refused.text).toBe(403);
    const created = await h.call('POST', '/api/contacts', { token: await h.login(SUPER), body: carrier });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ownerId: null, services: [{ code: 'EXP' }] });
  });

  it('requires the superadmin to name the owner account', async () => {
    const res = await h.call('POST', '/api/contacts', {
      token: await h.login(SUPER),
      body: recipient('S-1', { warehouseId: 'x' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.ownerId).toBeDefined();
  });
});

describe('Preferences', () => {
  it('saves, reads and resets a grid layout per user', async () => {
    const token = await h.login(USER1);
    expect((await h.call('GET', '/api/preferences/recipient', { token })).body).toBeNull();
    const put = await h.call('PUT', '/api/preferences/recipient', {
      token,
      body: { columns: ['code', '1', 'address.city'] },
    });
    expect(put.body).toEqual({ slug: 'recipient', columns: ['code', 'address.city'] });
    expect((await h.call('GET', '/api/preferences/recipient', { token: await h.login(ADMIN1) })).body).toBeNull();
    expect((await h.call('GET', '/api/preferences', { token })).body).toEqual([put.body]);
    expect((await h.call('DELETE', '/api/preferences/recipient', { token })).status).toBe(204);
    expect((await h.call('GET', '/api/preferences/recipient', { token })).body).toBeNull();
    expect((await h.call('PUT', '/api/preferences/unknown-grid', { token, body: { columns: [] } })).status).toBe(422);
  });
});

describe('Export date range', () => {
  it('keeps the records created within start_date and end_date, and refuses malformed dates', async () => {
    const token = await h.login(ADMIN1);
    const today = todayIn();
    const inRange = await h.call(
      'GET',
      `/api/contacts?filter[type]=supplier&output=csv&columns=code&start_date=${today}&end_date=${today}`,
      { token },
    );
    const rows = inRange.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.length).toBeGreaterThan(1);
    const before = await h.call(
      'GET',
      '/api/contacts?filter[type]=supplier&output=csv&columns=code&start_date=2000-01-01&end_date=2000-12-31',
      { token },
    );
    expect(
      before.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Code']);
    expect(
      (await h.call('GET', '/api/contacts?filter[type]=supplier&output=csv&start_date=yesterday', { token })).status,
    ).toBe(422);
  });
});

// Last: the contact it adds would change the totals the tests above count.
describe('Contact search', () => {
  it('finds a contact by what its row shows only: a name the contact column does not show matches nothing', async () => {
    const token = await h.login(ADMIN1);
    const warehouseId = (await me(ADMIN1)).warehouseIds[0];
    const address = {
      ...recipient('x').address,
      company: 'Cave Témoin',
      name: 'Hortense Garniervale',
      email: 'zyxw@example.com',
    };
    const seen = await h.call('POST', '/api/contacts', { token, body: recipient('SEEN-1', { warehouseId, address }) });
    expect(seen.status).toBe(201);
    const found = (q: string) =>
      list(ADMIN1, `filter[type]=recipient&filter[search]=${encodeURIComponent(q)}&paginate=50`);
    // The grid's contact column shows the company: its words find the row, the hidden person's name and e-mail do not.
    expect((await found('témoin')).body.data.map((c: { code: string }) => c.code)).toEqual(['SEEN-1']);
    expect((await found('garniervale')).body.meta.total).toBe(0);
    expect((await found('zyxw')).body.meta.total).toBe(0);
    // Every row a search finds shows the searched word in one of the searched columns.
    const rows = (await found('bordeaux')).body.data as {
      code: string;
      displayName: string;
      address: Record<string, string>;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const c of rows) {
      const shown = [c.code, c.displayName, c.address.street, c.address.postcode, c.address.city]
        .join(' ')
        .toLowerCase();
      expect(shown).toContain('bordeaux');
    }
  });
});
