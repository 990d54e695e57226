import { endOfDayIn, startOfDayIn } from '@cellar/shared/common/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovementItem } from '../../functions/src/stockMovements/repository';
import { insertMovement } from '../../functions/src/stockMovements/repository';
import { ADMIN1, ADMIN2, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const get = async (email: string, path: string) => h.call('GET', path, { token: await h.login(email) });
const all = async (email: string, path: string) => {
  const res = await get(email, `${path}${path.includes('?') ? '&' : '?'}paginate=5000`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as any[];
};

const wine = (code: string, patch: Record<string, unknown> = {}) => ({
  code,
  label: 'Château Test 2020 75 cl',
  familyId: 'WINE_RED',
  attributes: {
    family: 'VT',
    color: 'RG',
    vintage: '2020',
    capacity: 'CL75',
    degree: '13.5',
    conditionning: 'CBO',
    pcb: '6',
    taxation: 'DS',
    governing_rights: 'R',
    weight: '1500',
  },
  ...patch,
});

describe('Referential', () => {
  it('lists global families with their sub-families, sorted by name', async () => {
    const res = await get(READER1, '/api/product-families?include=families&sort=name&filter[owner_id][eq]=NULL');
    expect(res.status).toBe(200);
    const names = res.body.map((f: { name: string }) => f.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'fr')));
    expect(
      res.body.find((f: { code: string }) => f.code === 'SPIRIT').families.map((f: { code: string }) => f.code),
    ).toContain('COGNAC');
  });
  it('names families in the reader’s language', async () => {
    const names = async (lang: 'fr' | 'en') =>
      (await h.call('GET', '/api/product-families?include=families', { token: await h.login(READER1), lang })).body.map(
        (f: { name: string; families: { name: string }[] }) => [f.name, ...f.families.map((c) => c.name)],
      );
    expect((await names('en')).flat()).toEqual(expect.arrayContaining(['Spirits', 'Rum', 'Still wines', 'Red wine']));
    expect((await names('fr')).flat()).toEqual(
      expect.arrayContaining(['Spiritueux', 'Rhum', 'Vins tranquilles', 'Vin rouge']),
    );
  });
  it('serves the attributes of a sub-family and the attribute groups', async () => {
    const attrs = await get(READER1, '/api/product-families/WINE_RED/attributes');
    expect(attrs.body.map((a: { id: string }) => a.id)).toEqual([
      'family',
      'color',
      'vintage',
      'capacity',
      'degree',
      'conditionning',
      'pcb',
      'taxation',
      'governing_rights',
      'isBio',
      'weight',
      'nomenclature',
    ]);
    expect((await get(READER1, '/api/product-families/NOPE/attributes')).status).toBe(404);
    const groups = await get(READER1, '/api/attribute-groups');
    expect(groups.body.products.governing_rights.items.map((i: { code: string }) => i.code)).toEqual(['A', 'R']);
    const one = await get(READER1, '/api/attribute-groups/products/attributes/color');
    expect(one.body.items.map((i: { code: string }) => i.code)).toEqual([
      'RG',
      'BL',
      'RS',
      'RO',
      'BR',
      'AM',
      'BA',
      'NO',
      'BO',
    ]);
  });
});

describe('Products', () => {
  it('pages the tenant’s products with exact totals, visible only on demand', async () => {
    const first = await get(ADMIN1, '/api/products?paginate=20&include=owner,warehouse,family');
    expect(first.body.meta.total).toBe(60);
    const everything = await all(ADMIN1, '/api/products');
    const visible = await get(ADMIN1, '/api/products?hidden=false&paginate=1');
    expect(visible.body.meta.total).toBe(everything.filter((p) => !p.hidden).length);
    expect((await get(ADMIN2, '/api/products?paginate=1')).body.meta.total).toBe(15);
    expect((await get(SUPER, '/api/products?paginate=1')).body.meta.total).toBe(75);
  });

  it('applies the order grid’s external filters on sellable stock', async () => {
    const stocks = await all(ADMIN1, '/api/stocks');
    const sellableCodes = new Set(
      stocks.filter((s) => s.available > 0 && !['BLO', 'NC', 'NCO'].includes(s.quality)).map((s) => s.product.code),
    );
    const res = await all(
      ADMIN1,
      '/api/products?filter[stocks.available][gt]=0&filter[stocks.quality][notIn]=BLO,NC,NCO',
    );
    expect(new Set(res.map((p) => p.code))).toEqual(sellableCodes);
    // A page says how many there are: the sellable products, not every product
    const sellable = '/api/products?filter[stocks.available][gt]=0&filter[stocks.quality][notIn]=BLO,NC,NCO';
    expect(sellableCodes.size).toBeLessThan((await all(ADMIN1, '/api/products')).length);
    expect((await get(ADMIN1, `${sellable}&paginate=5`)).body.meta.total).toBe(sellableCodes.size);
    // The order grid's view, the visible ones among them, read in the key's order: the same rows and count
    const hidden = new Set((await all(ADMIN1, '/api/products?hidden=true')).map((p) => p.code));
    const grid = await all(ADMIN1, `${sellable}&hidden=false`);
    expect(grid.map((p) => p.code)).toEqual([...sellableCodes].filter((c) => !hidden.has(c)).sort());
    expect((await get(ADMIN1, `${sellable}&hidden=false&paginate=5`)).body.meta.total).toBe(grid.length);
    const b2c = await all(
      ADMIN1,
      '/api/products?filter[stocks.available][gt]=0&filter[stocks.quality][notIn]=BLO,NC,NCO&filter[stocks.segment]=B2C,NULL',
    );
    const b2cCodes = new Set(
      stocks.filter((s) => s.available > 0 && s.quality === 'STD' && s.segment !== 'B2B').map((s) => s.product.code),
    );
    expect(new Set(b2c.map((p) => p.code))).toEqual(b2cCodes);
  });

  it('searches with q and filters on attributes', async () => {
    const one = (await all(ADMIN1, '/api/products'))[0];
    const found = await all(ADMIN1, `/api/products?q=${encodeURIComponent(one.code)}`);
    expect(found.map((p) => p.code)).toContain(one.code);
    const reds = await all(ADMIN1, '/api/products?filter[attributes.color]=RG');
    expect(reds.every((p) => p.attributes.color === 'RG')).toBe(true);
  });

  it('creates a product: valid attributes only, inactive values dropped, hasStock computed', async () => {
    const token = await h.login(USER1);
    const warehouseId = (await get(USER1, '/api/auth/user')).body.warehouseIds[0];
    const res = await h.call('POST', '/api/products', {
      token,
      body: wine('new-wine-1', { warehouseId, hasStock: true, attributes: { ...wine('x').attributes, bogus: 'x' } }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      code: 'NEW-WINE-1',
      hasStock: false,
      family: { id: 'WINE_RED', name: 'Red wine', parent: { id: 'WINE', name: 'Still wines' } },
    });
    expect(res.body.attributes.bogus).toBeUndefined();
    const csv = await h.call('GET', '/api/products?output=csv&columns=code,hasStock,hidden&filter[code]=NEW-WINE-1', {
      token,
      lang: 'fr',
    });
    expect(csv.text).toBe('Code;Stock;Masqué\r\nNEW-WINE-1;Non;Non\r\n');
    const spirit = await h.call('POST', '/api/products', {
      token,
      body: wine('SPIRIT-1', {
        warehouseId,
        familyId: 'COGNAC',
        attributes: { ...wine('x').attributes, family: 'AE', color: 'AM', degree: '40' },
      }),
    });
    expect(spirit.status, spirit.text).toBe(201);
    expect(spirit.body.attributes.vintage).toBeUndefined();
  });

  it('refuses invalid attributes with the spec’s messages, and duplicate codes', async () => {
    const token = await h.login(USER1);
    const warehouseId = (await get(USER1, '/api/auth/user')).body.warehouseIds[0];
    const bad = await h.call('POST', '/api/products', {
      token,
      lang: 'en',
      body: wine('BAD-1', { warehouseId, attributes: { family: 'VT', color: 'RG', vintage: '20', capacity: 'CL75' } }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['attributes.vintage']).toEqual(['The format is incorrect.']);
    expect(bad.body.errors['attributes.degree']).toEqual(['Field is required.']);
    const missingWarehouse = await h.call('POST', '/api/products', { token, body: wine('BAD-2') });
    expect(missingWarehouse.body.errors.warehouseId).toBeDefined();
    expect((await h.call('POST', '/api/products', { token, body: wine('DUP-P', { warehouseId }) })).status).toBe(201);
    expect((await h.call('POST', '/api/products', { token, body: wine('dup-p', { warehouseId }) })).status).toBe(409);
    expect(
      (await h.call('POST', '/api/products', { token: await h.login(READER1), body: wine('R-1', { warehouseId }) }))
        .status,
    ).toBe(403);
  });

  it('locks the code on edit, hides and shows, and keeps tenants apart', async () => {
    const token = await h.login(USER1);
    const warehouseId = (await get(USER1, '/api/auth/user')).body.warehouseIds[0];
    const created = (await h.call('POST', '/api/products', { token, body: wine('EDIT-P', { warehouseId }) })).body;
    const hidden = await h.call('PUT', `/api/products/${created.id}`, {
      token,
      body: { ...wine('CHANGED', { warehouseId }), hidden: true },
    });
    expect(hidden.body).toMatchObject({ code: 'EDIT-P', hidden: true });
    const shown = await h.call('PUT', `/api/products/${created.id}`, {
      token,
      body: { ...wine('EDIT-P', { warehouseId }), hidden: false },
    });
    expect(shown.body.hidden).toBe(false);
    expect((await get(ADMIN2, `/api/products/${created.id}`)).status).toBe(404);
  });

  it('requires a supplier when the owner is a top agent', async () => {
    const token = await h.login(SUPER);
    const wh = (await h.call('GET', '/api/warehouses', { token })).body[0].id;
    const company = await h.call('POST', '/api/companies', {
      token,
      body: {
        code: 'AGENT1',
        name: 'Agent',
        address: { street: 'x', postcode: '33000', city: 'B', company: 'Agent' },
        warehouseIds: [wh],
        segments: ['B2B'],
        isTopAgent: true,
        scope: ['*'],
      },
    });
    expect(company.status, company.text).toBe(201);
    const res = await h.call('POST', '/api/products', { token, body: wine('AG-1', { ownerId: company.body.id }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.supplierId).toBeDefined();
    // The owner's only warehouse is the default.
    expect(res.body.errors.warehouseId).toBeUndefined();
  });
});

describe('Stocks', () => {
  it('lists stock lines with available never below zero, and the sellable view with an exact total', async () => {
    const lines = await all(ADMIN1, '/api/stocks');
    expect(lines.length).toBeGreaterThan(60);
    for (const s of lines) expect(s.available).toBe(Math.max(0, s.quantity - s.quantity_allocated));
    // Named in the reader's language (English here).
    const red = lines.find((s) => s.product.family?.id === 'WINE_RED');
    expect(red?.product.family.name).toBe('Red wine');
    const sellable = await get(
      ADMIN1,
      '/api/stocks?filter[available][gt]=0&filter[quality][notIn]=BLO,NC,NCO&paginate=20',
    );
    const expected = lines.filter((s) => s.available > 0 && !['BLO', 'NC', 'NCO'].includes(s.quality));
    expect(sellable.body.meta.total).toBe(expected.length);
    expect(sellable.body.data.every((s: any) => s.available > 0 && s.quality === 'STD')).toBe(true);
    const codes = sellable.body.data.map((s: any) => s.product.code);
    expect(codes).toEqual([...codes].sort());
  });
  it('finds a product’s lines, a line by uuid, and exports warehouse codes', async () => {
    const [line] = await all(ADMIN1, '/api/stocks');
    const byProduct = await all(ADMIN1, `/api/stocks?filter[product.code]=${line.product.code}`);
    expect(byProduct.every((s) => s.product.code === line.product.code)).toBe(true);
    const byId = await all(ADMIN1, `/api/stocks?filter[uuid]=${line.id}`);
    expect(byId.map((s) => s.id)).toEqual([line.id]);
    const csv = await get(ADMIN1, '/api/stocks?output=csv&columns=product.code,warehouse.name,quantity');
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Product code;Warehouse;Quantity');
    expect((await get(ADMIN2, `/api/stocks?filter[uuid]=${line.id}`)).body.meta.total).toBe(0);
  });
  it('falls back to the built-in qualities', async () => {
    expect((await get(READER1, '/api/stocks-qualities')).body.map((q: { code: string }) => q.code)).toEqual([
      'STD',
      'NCO',
    ]);
  });
});

describe('Stock movements', () => {
  it('lists newest first with exact totals by date range and by product', async () => {
    const everything = await all(ADMIN1, '/api/stock-movements');
    const dates = everything.map((m) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = await get(ADMIN1, '/api/stock-movements?paginate=20');
    expect(first.body.meta.total).toBe(everything.length);
    const month = await get(ADMIN1, '/api/stock-movements?filter[date][bt]=2026-06-01,2026-06-30&paginate=20');
    // June in Paris: from its first instant there to its last.
    const inMonth = everything.filter(
      (m) => m.date >= startOfDayIn('2026-06-01') && m.date <= endOfDayIn('2026-06-30'),
    );
    expect(month.body.meta.total).toBe(inMonth.length);
    const code = everything[0].stock.product.code;
    const byProduct = await get(ADMIN1, `/api/stock-movements?filter[stock.product.code]=${code}&paginate=500`);
    expect(byProduct.body.meta.total).toBe(everything.filter((m) => m.stock.product.code === code).length);
    expect(byProduct.body.data.every((m: any) => m.stock.product.code === code)).toBe(true);
  });
  it('words each known reason in the reader’s language', async () => {
    const page = async (lang: 'fr' | 'en') =>
      (await h.call('GET', '/api/stock-movements?paginate=200', { token: await h.login(ADMIN1), lang })).body.data.map(
        (m: { reasonCode: string; reason: string }) => `${m.reasonCode} ${m.reason}`,
      );
    const [fr, en] = [await page('fr'), await page('en')];
    expect(en.length).toBeGreaterThan(20);
    expect(new Set(en)).toContain('RET Customer return');
    expect(new Set(fr)).toContain('RET Retour client');
    expect(en.filter((r: string) => /^(REC|RET|CMD|EXP|CASSE|INV[+-]) .*[éèàù]/.test(r))).toEqual([]);
  });
  it('reads strict and inclusive date bounds by whole days, and applies the export range with the filters', async () => {
    const everything = await all(ADMIN1, '/api/stock-movements');
    const count = (lo: string, hi: string) => everything.filter((m) => m.date >= lo && m.date <= hi).length;
    // Days are Paris days: before the 15th ends as the 15th begins there, after it begins as the 16th does.
    const before = await get(ADMIN1, '/api/stock-movements?filter[date][lt]=2026-06-15&paginate=1');
    expect(before.body.meta.total).toBe(count('', endOfDayIn('2026-06-14')));
    const after = await get(ADMIN1, '/api/stock-movements?filter[date][gt]=2026-06-15&paginate=1');
    expect(after.body.meta.total).toBe(count(startOfDayIn('2026-06-16'), '9999'));
    const csv = await get(
      ADMIN1,
      '/api/stock-movements?output=csv&dates=iso&columns=date&filter[date][ge]=2026-06-01&start_date=2026-05-01&end_date=2026-06-10',
    );
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    // The filter's day and the export's range are both Paris days (UTC+2 in June).
    expect(lines.length).toBe(count(startOfDayIn('2026-06-01'), endOfDayIn('2026-06-10')));
    expect(lines.every((d) => d >= '2026-05-31T22:00:00.000Z' && d <= '2026-06-10T21:59:59.999Z')).toBe(true);
  });

  it('exports with the warehouse as its code, and needs the stockMovement scope', async () => {
    const csv = await get(
      ADMIN1,
      '/api/stock-movements?output=csv&columns=date,warehouse.name,direction&start_date=2026-01-01&end_date=2026-12-31',
    );
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Date;Warehouse;Direction');
  });

  it('exports the grid’s titles, Paris dates (ISO when asked) and directions in the caller’s language, by Paris days', async () => {
    // Prepare: an output at 00:30 in Paris on 1 March 2026, still 28 February in UTC.
    const [seen] = (await get(ADMIN1, '/api/stock-movements?paginate=1')).body.data;
    const code = `MIDNIGHT-${Date.now()}`;
    const { owner, ...copied } = seen;
    const movement: MovementItem = {
      ...copied,
      id: `01MIDNIGHT${Date.now()}`,
      ownerId: owner.id,
      date: '2026-02-28T23:30:00.000Z',
      direction: 'output',
      reasonCode: 'CMD',
      reason: '=cmd()',
      stock: { ...seen.stock, product: { code, label: 'Minuit' } },
    };
    await insertMovement(movement);
    const token = await h.login(ADMIN1);
    const path = `/api/stock-movements?output=csv&columns=date,stock.product.code,direction,reason&filter[stock.product.code]=${code}`;
    const csv = async (query: string, lang = 'en') => (await h.call('GET', `${path}&${query}`, { token, lang })).text;
    // Act / Assess: the Paris day holds it, the UTC day does not.
    expect(await csv('start_date=2026-03-01&end_date=2026-03-01', 'fr')).toBe(
      `Date;Code article;Sens;Motif\r\n01/03/2026 00:30;${code};Sortie;'=cmd()\r\n`,
    );
    expect(await csv('start_date=2026-03-01&end_date=2026-03-01')).toBe(
      `Date;Product code;Direction;Reason\r\n01 Mar 2026 00:30;${code};Output;'=cmd()\r\n`,
    );
    expect(await csv('start_date=2026-03-01&dates=iso')).toBe(
      `Date;Product code;Direction;Reason\r\n2026-02-28T23:30:00.000Z;${code};Output;'=cmd()\r\n`,
    );
    expect(await csv('start_date=2026-02-28&end_date=2026-02-28')).toBe('Date;Product code;Direction;Reason\r\n');
    expect(await csv('end_date=2026-02-28')).toBe('Date;Product code;Direction;Reason\r\n');
    expect((await h.call('GET', `${path}&dates=excel`, { token })).status).toBe(422);
  });
});
