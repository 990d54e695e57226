/**
 * The orders API through the local runtime (issue 10): the rules of spec 2 §5 with their translated messages,
 * statuses and who may change them, the list's plan, countries, carrier and service, tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/src/auth/passwords';
import { insertUser } from '../../functions/src/users/repository';
import { ADMIN1, ADMIN2, eventually, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';
import { ADDRESS, day, freshStock, orderBody, unique } from './order-fixtures';

let h: Harness;
let cli1: { id: string; warehouseIds: string[] };
let recipient1: string;
let recipient2: string;
let carriers: { id: string; code: string; services: { code: string }[] }[];
let productId: string;
/** A writer of CLI001 attached to its first warehouse only. */
const RESTRICTED1 = 'restricted@cli001.test';

const stock = (quantity: number, patch: Parameters<typeof freshStock>[2] = {}) =>
  freshStock(quantity, { productId, warehouseId: cli1.warehouseIds[0] as string }, patch);
const address = ADDRESS;
const body = (stockId: string, patch: Record<string, unknown> = {}) => orderBody(stockId, recipient1, patch);

const post = async (email: string, b: unknown, lang = 'en', headers: Record<string, string> = {}) =>
  h.call('POST', '/api/orders', { token: await h.login(email), body: b, lang, headers });
const put = async (email: string, id: string, b: unknown, lang = 'en') =>
  h.call('PUT', `/api/orders/${id}`, { token: await h.login(email), body: b, lang });
const get = async (email: string, path: string) => h.call('GET', path, { token: await h.login(email) });
const userOf = async (email: string) => (await get(email, '/api/auth/user')).body;
/** A session of the superadmin acting as the user of `email`. */
const actingAs = async (email: string) =>
  (await h.call('GET', `/api/auth/login-as/${(await userOf(email)).id}`, { token: await h.login(SUPER) })).body
    .access_token as string;

beforeAll(async () => {
  h = await startHarness();
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  cli1 = { id: me.companyId, warehouseIds: me.warehouseIds };
  const recipients = await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=5', { token });
  recipient1 = recipients.body.data[0].id;
  const other = await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=5', {
    token: await h.login(ADMIN2),
  });
  recipient2 = other.body.data[0].id;
  carriers = (await h.call('GET', `/api/companies/${cli1.id}/services/carriers`, { token: await h.login(SUPER) })).body;
  const products = (await h.call('GET', '/api/products?paginate=50', { token })).body.data;
  const visible = products.filter((p: { hidden: boolean }) => !p.hidden);
  productId = visible[0].id;
  await insertUser(
    {
      id: 'RESTRICTED1',
      email: RESTRICTED1,
      passwordHash: await hashPassword('Cellar-demo-2026'),
      firstname: 'Jeanne',
      lastname: 'Martin',
      roleLevel: 2,
      active: true,
      locale: 'fr-FR',
      companyId: cli1.id,
      companyCode: 'CLI001',
      warehouseIds: [cli1.warehouseIds[0] as string],
      scope: ['*'],
      notificationChannels: [],
      childIds: [],
      createdAt: new Date().toISOString(),
      version: 1,
    },
    {},
  );
});
afterAll(() => h?.stop());

describe('POST /api/orders: the rules of spec 2 §5, with their translated messages', () => {
  it('saves a draft with a segment only, and sends only a complete order', async () => {
    // Prepare
    const draft = { segment: 'B2B', statusCode: '000', stocks: [] };
    // Act
    const saved = await post(USER1, draft);
    const sent = await post(USER1, { ...draft, statusCode: '005' });
    const fr = await post(USER1, { ...draft, statusCode: '005' }, 'fr');
    // Assess
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body).toMatchObject({ statusCode: '000', reference: '', lineCount: 0, recipient: null });
    expect(sent.status).toBe(422);
    expect(sent.body.errors).toEqual({
      reference: ['This field is required.'],
      deliveryDate: ['This field is required.'],
      recipient: ['This field is required.'],
      stocks: ['This field is required.'],
    });
    expect(fr.body.errors.reference).toEqual(['Ce champ est obligatoire.']);
  });

  it.each([
    ['no segment', { segment: null }, 'segment', 'This field is required.'],
    ['a grouping number over 15', { groupingNumber: 'G'.repeat(16) }, 'groupingNumber', '15 characters at most.'],
    ['a delivery comment over 255', { deliveryComment: 'c'.repeat(256) }, 'deliveryComment', '255 characters at most.'],
    [
      'a preparation comment with ;',
      { preparationComment: 'a;b' },
      'preparationComment',
      'Alphanumeric characters only.',
    ],
    ['a delivery date in the past', { deliveryDate: day(-1) }, 'deliveryDate', 'The date cannot be before today.'],
    [
      'client-managed pickup without a pickup date',
      { pickupManagedByProduct: 0, shippingLabelRequired: 1 },
      'pickupDate',
      'This field is required.',
    ],
    [
      'client-managed pickup in the past',
      { pickupManagedByProduct: 0, pickupDate: day(-2) },
      'pickupDate',
      'The date cannot be before today.',
    ],
    ['B2C without a carrier', { segment: 'B2C' }, 'carrierId', 'This field is required.'],
    ['B2C without a service', { segment: 'B2C' }, 'serviceCode', 'This field is required.'],
    ['B2C without a recipient contact', { segment: 'B2C', customerId: null }, 'customerId', 'This field is required.'],
    ['another owner’s recipient', { customerId: 'OTHER' }, 'customerId', 'Invalid value.'],
    [
      'a quantity of 0',
      { stocks: [{ stockId: 'S', ordered: 0 }] },
      'stocks.0.ordered',
      'The value must be greater than 0.',
    ],
    ['an unknown stock line', { stocks: [{ stockId: 'NOPE', ordered: 1 }] }, 'stocks.0.stockId', 'Invalid value.'],
    ['an unknown type', { type: 'XYZ' }, 'type', 'Invalid value.'],
  ])('refuses %s', async (_, patch, field, message) => {
    // Prepare
    const stockId = await stock(5);
    const b = body(stockId, patch);
    if ((patch as { customerId?: string }).customerId === 'OTHER') b.customerId = recipient2;
    // Act
    const res = await post(USER1, b);
    // Assess
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[field]).toContain(message);
  });

  it('refuses to send lines from two warehouses without the departure warehouse, whichever way it is sent', async () => {
    // Prepare
    const [first, second] = cli1.warehouseIds as [string, string];
    const here = await freshStock(5, { productId, warehouseId: first });
    const there = await freshStock(5, { productId, warehouseId: second });
    const spread = body(here, {
      stocks: [
        { stockId: here, ordered: 1 },
        { stockId: there, ordered: 1 },
      ],
    });
    const draft = await post(USER1, { ...spread, reference: unique('O'), statusCode: '000' });
    // Act
    const posted = await post(USER1, spread);
    const fr = await post(USER1, spread, 'fr');
    const sentDraft = await put(USER1, draft.body.id, { statusCode: '005' });
    const chosen = await post(USER1, { ...spread, reference: unique('O'), warehouseId: second });
    // Assess
    expect(posted.status, posted.text).toBe(422);
    expect(posted.body.errors).toEqual({
      warehouseId: ['Choose the departure warehouse: the lines leave from several warehouses.'],
    });
    expect(fr.body.errors.warehouseId).toEqual([
      'Choisissez l’entrepôt de départ : les lignes partent de plusieurs entrepôts.',
    ]);
    expect(sentDraft.status, sentDraft.text).toBe(422);
    expect(Object.keys(sentDraft.body.errors)).toEqual(['warehouseId']);
    expect((await get(USER1, `/api/orders/${draft.body.id}`)).body.statusCode).toBe('000');
    expect(chosen.status, chosen.text).toBe(201);
    expect(chosen.body).toMatchObject({ statusCode: '005', warehouseId: second });
  });

  it('asks again for the departure warehouse once a draft’s lines, all in one warehouse before, spread', async () => {
    // Prepare
    const [first, second] = cli1.warehouseIds as [string, string];
    const here = await freshStock(5, { productId, warehouseId: first });
    const there = await freshStock(5, { productId, warehouseId: second });
    const draft = await post(USER1, body(here, { statusCode: '000' }));
    const spread = [
      { stockId: here, ordered: 1 },
      { stockId: there, ordered: 1 },
    ];
    // Act
    const sent = await put(USER1, draft.body.id, { stocks: spread, statusCode: '005' });
    const chosen = await put(USER1, draft.body.id, { stocks: spread, warehouseId: second, statusCode: '005' });
    // Assess
    expect(draft.body.warehouseId).toBe(first);
    expect(sent.status, sent.text).toBe(422);
    expect(sent.body.errors).toEqual({
      warehouseId: ['Choose the departure warehouse: the lines leave from several warehouses.'],
    });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toMatchObject({ statusCode: '005', warehouseId: second });
  });

  it('refuses a stock line of another owner, of another segment, or in a quality not for sale', async () => {
    // Prepare
    const b2c = await stock(5, { segment: 'B2C' });
    const blocked = await stock(5, { quality: 'BLO' });
    const theirs = (await get(ADMIN2, '/api/stocks?filter[available][gt]=0&paginate=1')).body.data[0].id;
    // Act
    const res = await post(
      USER1,
      body(b2c, {
        stocks: [
          { stockId: b2c, ordered: 1 },
          { stockId: blocked, ordered: 1 },
          { stockId: theirs, ordered: 1 },
        ],
      }),
    );
    // Assess
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['stocks.0.stockId', 'stocks.1.stockId', 'stocks.2.stockId']);
  });

  it('keeps references unique per owner', async () => {
    // Prepare
    const reference = unique('DUP');
    // Act
    const first = await post(USER1, body(await stock(3), { reference }));
    const again = await post(USER1, body(await stock(3), { reference }));
    const fr = await post(USER1, body(await stock(3), { reference }), 'fr');
    // Assess
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(409);
    expect(again.body.errors.reference).toEqual(['This value is already used.']);
    expect(fr.body.errors.reference).toEqual(['Cette valeur est déjà utilisée.']);
  });

  it('takes a B2C order with an allowed carrier and service, and refuses a carrier or service not the owner’s', async () => {
    // Prepare
    const carrier = carriers[0] as { id: string; services: { code: string }[] };
    const stockId = await stock(4, { segment: 'B2C' });
    const b2c = (patch: Record<string, unknown>) =>
      body(stockId, {
        segment: 'B2C',
        recipient: {
          ...address,
          isCompany: false,
          company: '',
          name: 'Jean Dupont',
          email: 'j@d.fr',
          phone: '0601020304',
        },
        carrierId: carrier.id,
        serviceCode: carrier.services[0]?.code,
        ...patch,
      });
    // Act
    const ok = await post(USER1, b2c({}));
    const badService = await post(USER1, b2c({ serviceCode: 'NOPE' }));
    const b2bCarrier = (await get(SUPER, '/api/contacts?filter[type]=carrier&filter[code]=GEODIS')).body.data[0];
    const badCarrier = await post(USER1, b2c({ carrierId: b2bCarrier.id }));
    // Assess
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({
      segment: 'B2C',
      carrierId: carrier.id,
      service: { code: carrier.services[0]?.code },
    });
    expect(badService.body.errors.serviceCode).toEqual(['Invalid value.']);
    expect(badCarrier.body.errors.carrierId).toEqual(['Invalid value.']);
    const c = await get(USER1, `/api/orders/${ok.body.id}/carrier`);
    const s = await get(USER1, `/api/orders/${ok.body.id}/service`);
    expect(c.body).toMatchObject({ id: carrier.id });
    expect(s.body).toMatchObject({ code: carrier.services[0]?.code });
  });
});

describe('PUT and DELETE /api/orders/{id}: statuses (spec 2 §4)', () => {
  it('lets a writer save a draft, then send it; locks the reference after', async () => {
    // Prepare
    const stockId = await stock(5);
    const draft = await post(USER1, { segment: 'B2B', statusCode: '000', stocks: [{ stockId, ordered: 2 }] });
    // Act
    const saved = await put(USER1, draft.body.id, {
      ...body(stockId),
      statusCode: '000',
      stocks: [{ stockId, ordered: 2 }],
    });
    const sent = await put(USER1, draft.body.id, { statusCode: '005' });
    const locked = await put(USER1, draft.body.id, { reference: 'OTHER' });
    // Assess
    expect(saved.status, saved.text).toBe(200);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.statusCode).toBe('005');
    expect(locked.status).toBe(422);
  });

  it('lets a client set no status the warehouse owns, and the provider set any as a recorded override', async () => {
    // Prepare
    const created = await post(USER1, body(await stock(5)));
    // The warehouse acknowledges what it is sent (1.5 s later here): the statuses below start once it has, or on a
    // loaded machine its word would land between any two of them.
    await eventually(async () => {
      const o = await get(USER1, `/api/orders/${created.body.id}`);
      return o.body.statusCode === '010' ? o : undefined;
    });
    // Act
    const byUser = await put(USER1, created.body.id, { statusCode: '050' });
    const byAdmin = await Promise.all(
      ['020', '030', '040', '070'].map((statusCode) => put(ADMIN1, created.body.id, { statusCode })),
    );
    const bySuper = await put(SUPER, created.body.id, { statusCode: '040' });
    const back = await put(SUPER, created.body.id, { statusCode: '010' });
    const cancelled = await put(ADMIN1, created.body.id, { statusCode: '050' });
    // The warehouse answers the cancellation it is told of (it had not started preparing): the timeline is read
    // once that answer is in, whenever it comes.
    const timeline = await eventually(async () => {
      const t = await h.call('GET', `/api/orders/${created.body.id}/timeline`, { token: await h.login(USER1) });
      return t.body.at(-1)?.type === 'order.cancellation_confirmed' ? t : undefined;
    });
    // Assess
    expect(byUser.status).toBe(403);
    expect(byAdmin.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(bySuper.body.statusCode).toBe('040');
    expect(back.body.statusCode).toBe('010');
    expect(cancelled.body.statusCode).toBe('050');
    expect(
      timeline.body.map((e: { type: string; from: string | null; to: string | null; details: object }) => [
        e.type,
        e.from,
        e.to,
        e.details,
      ]),
    ).toEqual([
      ['sent', null, '005', {}],
      ['order.acknowledged', '005', '010', {}],
      ['status', '010', '040', { override: true }],
      ['status', '040', '010', { override: true }],
      ['cancelled', '010', '050', {}],
      ['order.cancellation_confirmed', '050', null, {}],
    ]);
    expect(timeline.body[1].actor).toMatchObject({ type: 'warehouse' });
    expect(timeline.body[2].actor).toMatchObject({ type: 'user', actingFor: null });
  });

  it('refuses an edit outside draft and entry', async () => {
    const created = await post(USER1, body(await stock(5)));
    await put(SUPER, created.body.id, { statusCode: '020' });
    const res = await put(ADMIN1, created.body.id, { deliveryComment: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.errors.statusCode).toEqual(['Can no longer be changed in this status.']);
  });

  it('deletes a draft; only the superadmin deletes a sent order', async () => {
    // Prepare
    const draft = await post(USER1, { segment: 'B2B', statusCode: '000', stocks: [] });
    const sent = await post(USER1, body(await stock(5)));
    // Act
    const delDraft = await h.call('DELETE', `/api/orders/${draft.body.id}`, { token: await h.login(USER1) });
    const delSent = await h.call('DELETE', `/api/orders/${sent.body.id}`, { token: await h.login(ADMIN1) });
    const bySuper = await h.call('DELETE', `/api/orders/${sent.body.id}`, { token: await h.login(SUPER) });
    // Assess
    expect(delDraft.status).toBe(200);
    expect(delDraft.body.message).toBe('The order has been deleted.');
    expect(delSent.status).toBe(403);
    expect(bySuper.status).toBe(200);
    expect((await get(USER1, `/api/orders/${sent.body.id}`)).status).toBe(404);
  });

  it('hides another company’s order (404) and refuses a reader’s writes (403)', async () => {
    const created = await post(USER1, body(await stock(5)));
    expect((await get(ADMIN2, `/api/orders/${created.body.id}`)).status).toBe(404);
    expect((await put(ADMIN2, created.body.id, { statusCode: '050' })).status).toBe(404);
    expect((await post(READER1, body(await stock(5)))).status).toBe(403);
    expect((await get(READER1, `/api/orders/${created.body.id}`)).status).toBe(200);
  });
});

describe('GET /api/orders: the list, the drafts lookup, countries, export', () => {
  it('lists newest first, finds drafts with their lines, filters by status, country and search', async () => {
    // Prepare
    const stockId = await stock(5);
    const draft = await post(USER1, { segment: 'B2B', statusCode: '000', stocks: [{ stockId, ordered: 3 }] });
    const reference = unique('ZQ');
    const be = await post(
      USER1,
      body(await stock(5), { reference, recipient: { ...address, country: 'BE', postcode: '1000' } }),
    );
    // Act
    const page = await get(USER1, '/api/orders?paginate=5');
    const drafts = await get(USER1, '/api/orders?filter[statusCode]=000&include=stocks&paginate=100');
    const belgian = await get(USER1, '/api/orders?filter[recipient.country]=BE');
    const found = await get(USER1, `/api/orders?filter[search]=${reference.toLowerCase()}`);
    const countries = await get(USER1, '/api/orders/countries');
    const csv = await get(USER1, '/api/orders?output=csv&columns=reference,statusCode');
    // Assess
    expect(page.body.data[0].id).toBe(be.body.id);
    const d = drafts.body.data.find((o: { id: string }) => o.id === draft.body.id);
    expect(d.stocks).toHaveLength(1);
    expect(d.stocks[0]).toMatchObject({ stockId, ordered: 3 });
    expect(belgian.body.data.map((o: { id: string }) => o.id)).toEqual([be.body.id]);
    expect(found.body.data.map((o: { id: string }) => o.id)).toEqual([be.body.id]);
    expect(countries.body).toEqual(expect.arrayContaining([{ code: 'BE', country: 'Belgium' }]));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(reference);
  });

  it('exports the grid’s titles, Paris dates (ISO when asked) and status labels in the caller’s language', async () => {
    // Prepare
    const reference = unique('ZX');
    const created = await post(USER1, body(await stock(5), { reference: `=${reference}` }));
    expect(created.status, created.text).toBe(201);
    const { createdAt, statusCode } = created.body;
    const path = `/api/orders?output=csv&columns=reference,createdAt,statusCode&filter[search]=${reference.toLowerCase()}`;
    const csv = async (query: string, lang: string) =>
      (await h.call('GET', `${path}${query}`, { token: await h.login(USER1), lang })).text;
    const paris = (locale: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Paris', ...options }).format(new Date(createdAt));
    const time = paris('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const labels: Record<string, [string, string]> = {
      '000': ['Brouillon', 'Draft'],
      '005': ['En cours de transmission', 'Transmitting'],
      '010': ['Saisie', 'Entry'],
    };
    const [fr, en] = labels[statusCode] ?? ['?', '?'];
    // Act / Assess
    expect(await csv('', 'fr')).toBe(
      `Référence;Créée le;Statut\r\n'=${reference};${paris('fr-FR', { dateStyle: 'short' })} ${time};${fr}\r\n`,
    );
    const day = paris('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
    expect(await csv('', 'en')).toBe(`Reference;Created on;Status\r\n'=${reference};${day} ${time};${en}\r\n`);
    expect(await csv('&dates=iso', 'en')).toBe(`Reference;Created on;Status\r\n'=${reference};${createdAt};${en}\r\n`);
  });

  it('exports in the background as the requester sees the list (large exports)', async () => {
    // Act: drafts, which stay as they are (the simulated warehouse moves sent orders on while the test runs).
    const token = await h.login(USER1);
    const res = await h.call('POST', '/api/exports', {
      token,
      body: { path: '/api/orders', query: 'filter[statusCode]=000&columns=reference,statusCode' },
    });
    let job = res.body;
    for (let i = 0; i < 100 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await h.call('GET', `/api/exports/${res.body.id}`, { token })).body;
    }
    const listed = await get(USER1, '/api/orders?filter[statusCode]=000&paginate=1');
    // Assess
    expect(res.status, res.text).toBe(202);
    expect(listed.body.meta.total).toBeGreaterThan(0);
    expect(job).toMatchObject({ status: 'done', filename: 'orders.csv', rows: listed.body.meta.total });
  });

  it('sorts by a list-sort index and refuses a filter the plan does not know', async () => {
    const sorted = await get(USER1, '/api/orders?sort=reference&paginate=3');
    const refused = await get(USER1, '/api/orders?filter[comment]=x');
    expect(sorted.status, sorted.text).toBe(200);
    expect(refused.status).toBe(422);
  });
});

describe('Drafts and their authors', () => {
  it('records who started an order, and finds a user’s own drafts among the company’s', async () => {
    // Prepare
    const [user, admin] = [await userOf(USER1), await userOf(ADMIN1)];
    const mine = await post(USER1, { segment: 'B2B', statusCode: '000', stocks: [] });
    const colleague = await post(ADMIN1, { segment: 'B2B', statusCode: '000', stocks: [] });
    // Act
    const drafts = await get(USER1, `/api/orders?filter[statusCode]=000&filter[createdBy.id]=${user.id}&paginate=100`);
    const all = await get(USER1, '/api/orders?filter[statusCode]=000&paginate=100');
    // Assess
    expect(mine.body.createdBy).toEqual({ id: user.id, name: `${user.firstname} ${user.lastname}`, actingFor: null });
    expect(colleague.body.createdBy).toMatchObject({ id: admin.id, actingFor: null });
    const ids = drafts.body.data.map((o: { id: string }) => o.id);
    expect(ids[0]).toBe(mine.body.id);
    expect(ids).not.toContain(colleague.body.id);
    expect(all.body.data.find((o: { id: string }) => o.id === colleague.body.id)?.createdBy.id).toBe(admin.id);
  });
});

describe('A user attached to some of the company’s warehouses', () => {
  it('orders only from the lots of its warehouses, each other lot refused with the reason', async () => {
    // Prepare
    const [first, second] = cli1.warehouseIds as [string, string];
    const here = await freshStock(5, { productId, warehouseId: first });
    const there = await freshStock(5, { productId, warehouseId: second });
    // Act
    const refused = await post(RESTRICTED1, body(there));
    const fr = await post(RESTRICTED1, body(there), 'fr');
    const accepted = await post(RESTRICTED1, body(here));
    const draft = await post(RESTRICTED1, body(here, { statusCode: '000' }));
    const added = await put(RESTRICTED1, draft.body.id, {
      stocks: [
        { stockId: here, ordered: 1 },
        { stockId: there, ordered: 1 },
      ],
    });
    const departure = await post(RESTRICTED1, body(here, { warehouseId: second }));
    // Assess
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual({
      'stocks.0.stockId': [
        expect.stringMatching(/^This lot is in the warehouse \S+, which you are not attached to\.$/),
      ],
    });
    expect(fr.body.errors['stocks.0.stockId']).toEqual([
      expect.stringMatching(/^Ce lot est dans l’entrepôt \S+, auquel vous n’êtes pas rattaché\(e\)\.$/),
    ]);
    expect(accepted.status, accepted.text).toBe(201);
    expect(added.status).toBe(422);
    expect(Object.keys(added.body.errors)).toEqual(['stocks.1.stockId']);
    expect(departure.status).toBe(422);
    expect(Object.keys(departure.body.errors)).toEqual(['warehouseId']);
  });

  it('sees the orders taking from its warehouses only, in the list and by id', async () => {
    // Prepare
    const [first, second] = cli1.warehouseIds as [string, string];
    const lot = (warehouseId: string) => freshStock(5, { productId, warehouseId });
    const mine = await post(USER1, body(await lot(first)));
    const other = await post(USER1, body(await lot(second)));
    const mixed = await post(
      USER1,
      orderBody([await lot(second), await lot(first)], recipient1, { warehouseId: second }),
    );
    const search = (o: { body: { reference: string } }) =>
      `/api/orders?filter[search]=${o.body.reference.toLowerCase()}`;
    // Act
    const listed = await Promise.all([mine, other, mixed].map((o) => get(RESTRICTED1, search(o))));
    const page = await get(RESTRICTED1, '/api/orders?include=stocks&paginate=100');
    const byId = await get(RESTRICTED1, `/api/orders/${other.body.id}`);
    const changed = await put(RESTRICTED1, other.body.id, { deliveryComment: 'x' });
    // Assess
    expect(listed.map((l) => l.body.data.map((o: { id: string }) => o.id))).toEqual([
      [mine.body.id],
      [],
      [mixed.body.id],
    ]);
    const warehousesOf = (o: { warehouseId: string | null; stocks: { warehouse: { id: string } }[] }) =>
      [o.warehouseId, ...o.stocks.map((l) => l.warehouse.id)].filter(Boolean);
    expect(page.body.data.length).toBeGreaterThan(0);
    for (const o of page.body.data) {
      const touched = warehousesOf(o);
      expect(touched.length === 0 || touched.includes(first), o.reference).toBe(true);
    }
    expect(byId.status).toBe(404);
    expect(changed.status).toBe(404);
    expect((await get(USER1, `/api/orders/${other.body.id}`)).status).toBe(200);
    expect((await get(RESTRICTED1, `/api/orders/${mixed.body.id}`)).status).toBe(200);
  });
});

describe('Impersonation', () => {
  it('records the user acted as and the superadmin who acted, on the order and in its timeline', async () => {
    // Prepare
    const [user, superadmin] = [await userOf(USER1), await userOf(SUPER)];
    const token = await actingAs(USER1);
    // Act
    const created = await h.call('POST', '/api/orders', { token, body: body(await stock(5)), lang: 'en' });
    const timeline = await h.call('GET', `/api/orders/${created.body.id}/timeline`, { token });
    // Assess
    expect(created.status, created.text).toBe(201);
    expect(created.body.createdBy).toEqual({
      id: user.id,
      name: `${user.firstname} ${user.lastname}`,
      actingFor: { id: superadmin.id, name: `${superadmin.firstname} ${superadmin.lastname}` },
    });
    expect(timeline.body[0].actor).toEqual({
      type: 'user',
      name: `${user.firstname} ${user.lastname}`,
      actingFor: `${superadmin.firstname} ${superadmin.lastname}`,
    });
  });
});

describe('The demo', () => {
  it('holds no order sent from several warehouses without its departure warehouse', async () => {
    // Act
    const page = await get(SUPER, '/api/orders?include=stocks&paginate=500');
    // Assess
    const spread = page.body.data.filter(
      (o: { statusCode: string; stocks: { warehouse: { id: string } }[] }) =>
        o.statusCode !== '000' && new Set(o.stocks.map((l) => l.warehouse.id)).size > 1,
    );
    expect(page.body.data.some((o: { reference: string }) => o.reference === 'CMD-CLI001-012')).toBe(true);
    expect(spread.filter((o: { warehouseId: string | null }) => !o.warehouseId)).toEqual([]);
  });
});
