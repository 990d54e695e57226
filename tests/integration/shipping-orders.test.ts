/**
 * The shipping orders API through the local runtime: every rule of spec 2 §5 with its translated message, the
 * status change, the version every change is written against (two racing PUTs: one wins, the other is a 409),
 * tenancy, and the list's plan (filters, sorts, search, next shipments, CSV export).
 */
import { todayIn } from '@cellar/shared/common/dates';
import { cellarMessage } from '@cellar/shared/wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../../functions/src/caller/principal';
import { getItem } from '../../functions/src/data/table';
import { StaleVersionError } from '../../functions/src/errors';
import { outboxEntry, outboxKey } from '../../functions/src/outbox/outbox';
import { findShippingOrder, shippingOrderRecords } from '../../functions/src/shippingOrders/repository';
import { cancelShippingOrder } from '../../functions/src/shippingOrders/service';
import { ADMIN1, ADMIN2, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';

let h: Harness;
let cli1: { id: string; warehouseIds: string[] };
let cli2: { id: string; warehouseIds: string[] };
let supplier1: string;
let recipient1: string;
let supplier2: string;

const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${++seq}`;

const address = (name: string, timeslots = [{ start: '08:00', end: '12:30' }]) => ({
  name,
  contact: 'Jeanne Martin',
  street: '12 quai des Chartrons',
  postcode: '33000',
  city: 'Bordeaux',
  timeslots,
});

const body = (patch: Record<string, unknown> = {}) => ({
  warehouseId: cli1.warehouseIds[0],
  segment: 'B2B',
  reference: unique('SO'),
  senderId: supplier1,
  recipientId: recipient1,
  pickupAddress: address('Château Pickup'),
  deliveryAddress: address('Cave Delivery', [{ start: '09:00', end: '16:00' }]),
  palletCount: 2,
  parcelCount: 10,
  unitCount: 120,
  pickupDate: day(1),
  deliveryDate: day(3),
  ...patch,
});

const post = async (email: string, b: Record<string, unknown>, lang = 'en') =>
  h.call('POST', '/api/shipping-orders', { token: await h.login(email), body: b, lang });
const put = async (email: string, id: string, b: Record<string, unknown>, lang = 'en') =>
  h.call('PUT', `/api/shipping-orders/${id}`, { token: await h.login(email), body: b, lang });
const get = async (email: string, path: string) => h.call('GET', path, { token: await h.login(email) });

beforeAll(async () => {
  h = await startHarness();
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  cli1 = { id: me.companyId, warehouseIds: me.warehouseIds };
  const me2 = (await h.call('GET', '/api/auth/user', { token: await h.login(ADMIN2) })).body;
  cli2 = { id: me2.companyId, warehouseIds: me2.warehouseIds };
  const suppliers = (await h.call('GET', '/api/contacts?filter[type]=supplier&paginate=5', { token })).body.data;
  supplier1 = suppliers.find((c: { code: string }) => c.code !== 'MULTI').id;
  recipient1 = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.data[0].id;
  const other = await h.call('GET', '/api/contacts?filter[type]=supplier&paginate=5', { token: await h.login(ADMIN2) });
  supplier2 = other.body.data[0].id;
});
afterAll(() => h?.stop());

describe('POST /api/shipping-orders', () => {
  it('creates a shipping order as created (001), weighing 1.3 × its units, with its contacts', async () => {
    // Act
    const res = await post(USER1, body({ unitCount: 7 }));
    // Assess
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      statusCode: '001',
      ownerId: cli1.id,
      unitCount: 7,
      weight: 9.1,
      senderId: supplier1,
      recipientId: recipient1,
      warehouse: { id: cli1.warehouseIds[0] },
      pickupAddress: { name: 'Château Pickup', timeslots: [{ start: '08:00', end: '12:30' }] },
      version: 1,
    });
    const again = await get(USER1, `/api/shipping-orders/${res.body.id}`);
    expect(again.body).toEqual(res.body);
  });

  it('names every missing required field, in the caller’s language', async () => {
    // Act
    const en = await post(ADMIN1, { pickupAddress: address('A'), deliveryAddress: address('B') });
    const fr = await post(ADMIN1, { pickupAddress: address('A'), deliveryAddress: address('B') }, 'fr');
    // Assess
    expect(en.status).toBe(422);
    for (const f of ['warehouseId', 'segment', 'reference', 'palletCount', 'unitCount', 'deliveryDate']) {
      expect(en.body.errors[f], f).toEqual(['This field is required.']);
    }
    expect(en.body.errors.parcelCount).toBeUndefined();
    expect(en.body.errors.pickupDate).toBeUndefined();
    expect(fr.body.errors.reference).toEqual(['Ce champ est obligatoire.']);
  });

  it.each([
    ['palletCount', 0, 'The value must be greater than 0.'],
    ['palletCount', -3, 'The value must be greater than 0.'],
    ['palletCount', 1.5, 'Whole numbers only.'],
    ['unitCount', 0, 'The value must be greater than 0.'],
    ['unitCount', 2.5, 'Whole numbers only.'],
    ['parcelCount', 0, 'The value must be greater than 0.'],
    ['parcelCount', 3.2, 'Whole numbers only.'],
  ])('refuses %s = %s', async (field, value, message) => {
    const res = await post(ADMIN1, body({ [field]: value }));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('accepts no parcel count', async () => {
    const res = await post(ADMIN1, body({ parcelCount: null }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.parcelCount).toBeNull();
  });

  it('refuses pickup and delivery dates before today (Europe/Paris), and accepts today and no pickup date', async () => {
    // Act
    const past = await post(ADMIN1, body({ pickupDate: day(-1), deliveryDate: day(-1) }), 'fr');
    const today = await post(ADMIN1, body({ pickupDate: todayIn(), deliveryDate: todayIn() }));
    const noPickup = await post(ADMIN1, body({ pickupDate: null }));
    // Assess
    expect(past.status).toBe(422);
    expect(past.body.errors.pickupDate).toEqual(['La date ne peut pas être antérieure à aujourd’hui.']);
    expect(past.body.errors.deliveryDate).toEqual(['La date ne peut pas être antérieure à aujourd’hui.']);
    expect(today.status, today.text).toBe(201);
    expect(noPickup.status, noPickup.text).toBe(201);
  });

  it.each([
    [{ start: '07:30', end: '10:00' }, 'pickupAddress.timeslots.0.start', 'The time must be between 08:00 and 16:00.'],
    [{ start: '08:00', end: '16:30' }, 'pickupAddress.timeslots.0.end', 'The time must be between 08:00 and 16:00.'],
    [{ start: '08:15', end: '10:00' }, 'pickupAddress.timeslots.0.start', 'The time must fall on a 30-minute step.'],
    [
      { start: '10:00', end: '10:00' },
      'pickupAddress.timeslots.0.end',
      'The end of the time slot must be after its start.',
    ],
    [
      { start: '12:00', end: '09:00' },
      'pickupAddress.timeslots.0.end',
      'The end of the time slot must be after its start.',
    ],
    [{ start: '9h', end: '10:00' }, 'pickupAddress.timeslots.0.start', 'Invalid value.'],
  ])('refuses the time slot %o', async (slot, field, message) => {
    const res = await post(ADMIN1, body({ pickupAddress: address('P', [slot]) }));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('checks the delivery address’s time slots too, and accepts 08:00–16:00', async () => {
    const bad = await post(ADMIN1, body({ deliveryAddress: address('D', [{ start: '14:00', end: '13:30' }]) }));
    const edges = await post(ADMIN1, body({ deliveryAddress: address('D', [{ start: '08:00', end: '16:00' }]) }));
    expect(bad.body.errors['deliveryAddress.timeslots.0.end']).toEqual([
      'The end of the time slot must be after its start.',
    ]);
    expect(edges.status, edges.text).toBe(201);
  });

  it('takes the owner from the token: a client’s ownerId is ignored, the superadmin must name one', async () => {
    // Act
    const client = await post(ADMIN1, body({ ownerId: cli2.id }));
    const superWithout = await post(SUPER, body());
    const superWith = await post(
      SUPER,
      body({ ownerId: cli2.id, warehouseId: cli2.warehouseIds[0], senderId: null, recipientId: null }),
    );
    // Assess
    expect(client.status, client.text).toBe(201);
    expect(client.body.ownerId).toBe(cli1.id);
    expect(superWithout.status).toBe(422);
    expect(superWithout.body.errors.ownerId).toEqual(['This field is required.']);
    expect(superWith.status, superWith.text).toBe(201);
    expect(superWith.body.ownerId).toBe(cli2.id);
  });

  it('refuses a warehouse, a segment or contacts that are not the owner’s', async () => {
    // Act
    const warehouse = await post(ADMIN2, body({ warehouseId: 'NOPE', senderId: null, recipientId: null }));
    const segment = await post(
      ADMIN2,
      body({ warehouseId: cli2.warehouseIds[0], segment: 'B2C', senderId: null, recipientId: null }),
    );
    const otherSender = await post(ADMIN1, body({ senderId: supplier2 }));
    const wrongType = await post(ADMIN1, body({ senderId: recipient1, recipientId: supplier1 }));
    // Assess
    expect(warehouse.body.errors.warehouseId).toEqual(['Invalid value.']);
    expect(segment.body.errors.segment).toEqual(['Invalid value.']);
    expect(otherSender.body.errors.senderId).toEqual(['Invalid value.']);
    expect(wrongType.body.errors).toMatchObject({ senderId: ['Invalid value.'], recipientId: ['Invalid value.'] });
  });

  it('is for writers of the transportation module', async () => {
    const res = await post(READER1, body());
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/shipping-orders/{id}', () => {
  it('changes the status to any other, with the pickup and delivery moments and the tracking', async () => {
    // Prepare
    const { id } = (await post(ADMIN1, body())).body;
    // Act
    const delivered = await put(USER1, id, {
      statusCode: '200',
      pickedupAt: `${day(-2)}T09:15`,
      deliveredAt: `${day(-1)}T17:40`,
      tracking: 'TRK-42',
    });
    const back = await put(USER1, id, { statusCode: '000' });
    // Assess
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body).toMatchObject({
      statusCode: '200',
      pickedupAt: `${day(-2)}T09:15`,
      deliveredAt: `${day(-1)}T17:40`,
      tracking: 'TRK-42',
      version: 2,
    });
    expect(back.body).toMatchObject({ statusCode: '000', tracking: 'TRK-42', version: 3 });
  });

  it.each([
    ['pickedupAt', '2026-11-20'],
    ['pickedupAt', 'T10:00'],
    ['deliveredAt', '2026-11-20T'],
  ])('wants %s’s date and time together (%s)', async (field, value) => {
    const { id } = (await post(ADMIN1, body())).body;
    const en = await put(ADMIN1, id, { statusCode: '100', [field]: value });
    const fr = await put(ADMIN1, id, { statusCode: '100', [field]: value }, 'fr');
    expect(en.status).toBe(422);
    expect(en.body.errors[field]).toEqual(['The date and the time go together: fill in both or neither.']);
    expect(fr.body.errors[field]).toEqual(['La date et l’heure vont ensemble : renseignez les deux ou aucune.']);
  });

  it('checks a content change with the create rules, holding only changed dates to today', async () => {
    // Prepare: a shipping order whose delivery date has passed since.
    const created = (await post(ADMIN1, body())).body;
    const stored = (await findShippingOrder(created.id))!;
    await shippingOrderRecords.replace({ ...stored, deliveryDate: day(-5) }, stored);
    // Act
    const status = await put(ADMIN1, created.id, { statusCode: '100', unitCount: 10 });
    const past = await put(ADMIN1, created.id, { pickupDate: day(-1) });
    // Assess
    expect(status.status, status.text).toBe(200);
    expect(status.body).toMatchObject({ unitCount: 10, weight: 13, deliveryDate: day(-5) });
    expect(past.body.errors.pickupDate).toEqual(['The date cannot be before today.']);
  });

  it('lets one of two racing changes win and answers the other 409', async () => {
    // Prepare
    const { id, version } = (await post(ADMIN1, body())).body;
    // Act
    const [a, b] = await Promise.all([
      put(ADMIN1, id, { version, statusCode: '100', tracking: 'A' }),
      put(USER1, id, { version, statusCode: '200', tracking: 'B' }),
    ]);
    // Assess
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const now = await get(ADMIN1, `/api/shipping-orders/${id}`);
    expect(now.body).toMatchObject({ statusCode: winner.body.statusCode, tracking: winner.body.tracking, version: 2 });
  });

  it('writes against the version it read: a change made meanwhile refuses the write', async () => {
    // Prepare
    const { id } = (await post(ADMIN1, body())).body;
    const read = (await findShippingOrder(id))!;
    await put(USER1, id, { tracking: 'first' });
    // Act
    const late = shippingOrderRecords.replace({ ...read, tracking: 'late' }, read);
    // Assess
    await expect(late).rejects.toBeInstanceOf(StaleVersionError);
    expect((await findShippingOrder(id))?.tracking).toBe('first');
  });

  it('does not exist for another company, and a reader may not change it', async () => {
    const { id } = (await post(ADMIN1, body())).body;
    expect((await put(ADMIN2, id, { statusCode: '100' })).status).toBe(404);
    expect((await get(ADMIN2, `/api/shipping-orders/${id}`)).status).toBe(404);
    expect((await put(READER1, id, { statusCode: '100' })).status).toBe(403);
    expect((await get(READER1, `/api/shipping-orders/${id}`)).status).toBe(200);
    expect((await get(ADMIN1, '/api/shipping-orders/01UNKNOWN')).status).toBe(404);
  });
});

describe('DELETE /api/shipping-orders/{id}', () => {
  const del = async (email: string, id: string, lang = 'en') =>
    h.call('DELETE', `/api/shipping-orders/${id}`, { token: await h.login(email), lang });
  /** The outbox entry a cancellation wrote, read when its request publishes it (null: none written). */
  async function cancelledTelling(email: string, id: string) {
    const me = (await h.call('GET', '/api/auth/user', { token: await h.login(email) })).body;
    const caller = await callerFor(me.id);
    if (!caller) throw new Error(`no caller ${email}`);
    let told: unknown = null;
    await cancelShippingOrder(caller, id, {
      tell: async (kind, doc, type) => {
        told = await getItem(outboxKey(kind, doc.id, type));
      },
    });
    return told;
  }

  it('cancels a booked shipping order, which is gone, and the warehouse is told by a message of the contract', async () => {
    // Prepare
    const created = (await post(ADMIN1, body())).body;
    const search = `/api/shipping-orders?filter[search]=${created.reference}`;
    expect((await get(USER1, search)).body.data).toHaveLength(1);
    // Act
    const told = outboxEntry.parse(await cancelledTelling(USER1, created.id));
    // Assess
    const message = cellarMessage.parse(told.message);
    expect(message).toMatchObject({
      type: 'shipping_order.cancelled',
      documentId: created.id,
      seq: created.version + 1,
      reference: created.reference,
      ownerCode: 'CLI001',
    });
    expect((await get(USER1, `/api/shipping-orders/${created.id}`)).status).toBe(404);
    expect(await findShippingOrder(created.id)).toBeUndefined();
    expect((await get(USER1, search)).body.data).toEqual([]);
  });

  it('answers in the caller’s language, and tells nothing of a draft', async () => {
    // Prepare
    const booked = (await post(ADMIN1, body())).body;
    const draft = (await post(ADMIN1, body())).body;
    await put(USER1, draft.id, { statusCode: '000' });
    // Act
    const res = await del(USER1, booked.id, 'fr');
    const told = await cancelledTelling(USER1, draft.id);
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("L'ordre de transport a été annulé.");
    expect(told).toBeNull();
    expect(await getItem(outboxKey('shippingOrder', draft.id, 'shipping_order.cancelled'))).toBeUndefined();
  });

  it('is refused once the goods are picked up, except to the provider’s staff', async () => {
    // Prepare
    const { id } = (await post(ADMIN1, body())).body;
    await put(USER1, id, { statusCode: '100', pickedupAt: `${day(0)}T09:15` });
    // Act
    const refused = await del(USER1, id, 'fr');
    const forced = await del(SUPER, id);
    // Assess
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "La marchandise a déjà été enlevée : l'ordre de transport ne peut plus être annulé.",
    );
    expect(forced.status, forced.text).toBe(200);
    expect(await findShippingOrder(id)).toBeUndefined();
  });

  it('does not exist for another company, a reader may not cancel, and a second cancellation finds nothing', async () => {
    // Prepare
    const { id } = (await post(ADMIN1, body())).body;
    // Act
    const other = await del(ADMIN2, id);
    const reader = await del(READER1, id);
    const first = await del(USER1, id);
    const second = await del(USER1, id);
    // Assess
    expect([other.status, reader.status, first.status, second.status]).toEqual([404, 403, 200, 404]);
  });

  it('lets a change and a cancellation race: one wins, the other is refused, and nothing is half done', async () => {
    // Prepare
    const { id } = (await post(ADMIN1, body())).body;
    // Act
    const [changed, cancelled] = await Promise.all([put(USER1, id, { unitCount: 9 }), del(ADMIN1, id)]);
    // Assess
    const left = await findShippingOrder(id);
    if (cancelled.status === 200) {
      expect(left).toBeUndefined();
      expect([200, 404, 409]).toContain(changed.status);
    } else {
      expect(cancelled.status).toBe(409);
      expect(changed.status).toBe(200);
      expect(left?.unitCount).toBe(9);
    }
  });
});

describe('GET /api/shipping-orders', () => {
  let tag: string;
  let ids: string[];
  beforeAll(async () => {
    tag = unique('LST');
    ids = [];
    for (const [i, status] of ['001', '100', '200'].entries()) {
      const { id } = (await post(ADMIN1, body({ reference: `${tag}-${i}`, deliveryDate: day(10 - i) }))).body;
      if (status !== '001') await put(ADMIN1, id, { statusCode: status });
      ids.push(id);
    }
  });

  it('pages newest first with the includes asked for', async () => {
    const res = await get(
      ADMIN1,
      `/api/shipping-orders?filter[search]=${tag}&include=deliveryAddress,pickupAddress,warehouse&paginate=10`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual([...ids].reverse());
    expect(res.body.data[0]).toHaveProperty('deliveryAddress.name', 'Cave Delivery');
    expect(res.body.data[0]).toHaveProperty('warehouse.code');
    expect(res.body.data[0]).not.toHaveProperty('owner');
    const bare = await get(ADMIN1, `/api/shipping-orders?filter[search]=${tag}`);
    expect(bare.body.data[0]).not.toHaveProperty('pickupAddress');
  });

  it('filters by status, sorts by delivery date, and answers next shipments from today, soonest first', async () => {
    const planified = await get(ADMIN1, `/api/shipping-orders?filter[statusCode]=100&filter[search]=${tag}`);
    const next = await get(
      ADMIN1,
      `/api/shipping-orders?filter[deliveryDate][ge]=${todayIn()}&sort=deliveryDate&paginate=500`,
    );
    expect(planified.body.data.map((o: { id: string }) => o.id)).toEqual([ids[1]]);
    const dates = next.body.data.map((o: { deliveryDate: string }) => o.deliveryDate);
    expect(dates.length).toBeGreaterThan(2);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d: string) => d >= todayIn())).toBe(true);
    const mine = next.body.data.filter((o: { id: string }) => ids.includes(o.id)).map((o: { id: string }) => o.id);
    expect(mine).toEqual([...ids].reverse());
  });

  it('filters by warehouse id (the grid’s warehouse choice)', async () => {
    const here = await get(
      ADMIN1,
      `/api/shipping-orders?filter[warehouse.id]=${cli1.warehouseIds[0]}&filter[search]=${tag}`,
    );
    const elsewhere = await get(
      ADMIN1,
      `/api/shipping-orders?filter[warehouse.id]=${cli1.warehouseIds[1]}&filter[search]=${tag}`,
    );
    expect(here.body.data).toHaveLength(3);
    expect(elsewhere.body.data).toHaveLength(0);
  });

  it('refuses a filter or a sort the plan does not serve', async () => {
    expect((await get(ADMIN1, '/api/shipping-orders?filter[tracking]=x')).status).toBe(422);
    expect((await get(ADMIN1, '/api/shipping-orders?sort=weight')).status).toBe(422);
  });

  it('shows the superadmin every owner, with the owner when included', async () => {
    const res = await get(SUPER, `/api/shipping-orders?filter[search]=${tag}&include=owner`);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0].owner).toMatchObject({ id: cli1.id, code: 'CLI001' });
    const other = await get(ADMIN2, `/api/shipping-orders?filter[search]=${tag}`);
    expect(other.body.data).toHaveLength(0);
  });

  it('exports CSV with the warehouse as its code and the creation date range', async () => {
    const today = todayIn();
    const csv = await get(
      ADMIN1,
      `/api/shipping-orders?output=csv&columns=reference,warehouse.name,statusCode&filter[search]=${tag}&start_date=${today}&end_date=${today}`,
    );
    const before = await get(
      ADMIN1,
      `/api/shipping-orders?output=csv&columns=reference&filter[search]=${tag}&start_date=2000-01-01&end_date=2000-01-02`,
    );
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = csv.text.trim().split(/\r?\n/);
    expect(header).toBe('Reference;Warehouse;Status');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(`${tag}-2`);
    expect(before.text.trim().split(/\r?\n/)).toHaveLength(1);
  });
});

describe('The demo', () => {
  it.each([
    ['CLI001', () => cli1.id],
    ['CLI002', () => cli2.id],
  ])('has shipping orders of %s in every status', async (code, owner) => {
    const res = await get(
      SUPER,
      `/api/shipping-orders?filter[owner.id]=${owner()}&filter[search]=TR-${code}&paginate=50`,
    );
    const statuses = new Set(res.body.data.map((o: { statusCode: string }) => o.statusCode));
    expect([...statuses].sort()).toEqual(['000', '001', '100', '200']);
    const delivered = res.body.data.find((o: { statusCode: string }) => o.statusCode === '200');
    expect(delivered.deliveredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });
});

describe('Who made a shipping order', () => {
  it('records who created and who last changed it, and the superadmin acting as them', async () => {
    // Prepare
    const user = (await get(USER1, '/api/auth/user')).body;
    const superadmin = (await get(SUPER, '/api/auth/user')).body;
    const token = (await h.call('GET', `/api/auth/login-as/${user.id}`, { token: await h.login(SUPER) })).body
      .access_token;
    const name = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`;
    // Act
    const created = await h.call('POST', '/api/shipping-orders', { token, body: body() });
    const changed = await put(USER1, created.body.id, { palletCount: 3 });
    const read = await get(USER1, `/api/shipping-orders/${created.body.id}`);
    // Assess
    expect(created.status, created.text).toBe(201);
    const acting = { id: user.id, name: name(user), actingFor: { id: superadmin.id, name: name(superadmin) } };
    expect(created.body).toMatchObject({ createdBy: acting, updatedBy: acting });
    expect(changed.status, changed.text).toBe(200);
    expect(read.body.createdBy).toEqual(acting);
    expect(read.body.updatedBy).toEqual({ id: user.id, name: name(user), actingFor: null });
  });
});
