/**
 * The demo anyone can try after `npm start`: three warehouses, the provider and two client companies,
 * five accounts (password below), and contacts of every type. Local runtime only: nothing here is
 * bundled into a Lambda or deployed.
 */

import { hashPassword } from '@cellar/functions/auth/passwords';
import { callerFor } from '@cellar/functions/caller/principal';
import { companyItems, newCompany, warehouseItem } from '@cellar/functions/companies/repository';
import { type ContactItem, ensureMultiSupplier, insertContact } from '@cellar/functions/contacts/repository';
import { type CompanyItem, companies, references, warehouses } from '@cellar/functions/data/reference';
import { batchPut } from '@cellar/functions/data/table';
import { discardNotifications, holdNotifications } from '@cellar/functions/notifications/status-mail';
import { findOrder } from '@cellar/functions/orders/repository';
import { cancelOrder, createOrder } from '@cellar/functions/orders/service';
import { orderMessage, toldOrder } from '@cellar/functions/orders/warehouse-messages';
import { discardOutbox } from '@cellar/functions/outbox/outbox';
import { insertProduct, type ProductItem } from '@cellar/functions/products/repository';
import { findReception } from '@cellar/functions/receptions/repository';
import { createReception } from '@cellar/functions/receptions/service';
import { receptionMessage } from '@cellar/functions/receptions/warehouse-messages';
import { createShippingOrder, updateShippingOrder } from '@cellar/functions/shippingOrders/service';
import { insertMovement } from '@cellar/functions/stockMovements/repository';
import { insertStock, type StockItem } from '@cellar/functions/stocks/repository';
import { type UserItem, userItems } from '@cellar/functions/users/repository';
import { applyReport } from '@cellar/functions/wms/worker';
import { todayIn } from '@cellar/shared/common/dates';
import { serviceTarget } from '@cellar/shared/companies/schemas';
import { departureWarehouseRequired } from '@cellar/shared/orders/schemas';
import { shippingAddressOf } from '@cellar/shared/shippingOrders/schemas';
import { luhn } from '@cellar/shared/validation/validators';
import type { WmsReport } from '@cellar/shared/wms/contract';
import { ulid } from 'ulid';
import { generateLedger, generateProduct, generateStock } from './catalogue-data';
import { prng } from './prng';
import { orderReports, receptionReports, type ScriptOptions } from './warehouse-script';

export const DEMO_PASSWORD = 'Cellar-demo-2026';
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@cellar.test', role: 'superadmin', company: 'CELLAR' },
  { email: 'admin@cli001.test', role: 'admin', company: 'CLI001' },
  { email: 'user@cli001.test', role: 'user', company: 'CLI001' },
  { email: 'reader@cli001.test', role: 'reader', company: 'CLI001' },
  { email: 'admin@cli002.test', role: 'admin', company: 'CLI002' },
] as const;

type Rng = ReturnType<typeof prng>;

export function siret(rng: Rng): string {
  const base = Array.from({ length: 13 }, () => rng.int(0, 9)).join('');
  const check = [...Array(10).keys()].find((d) => luhn(`${base}${d}`));
  return `${base}${check}`;
}

const CITIES = [
  ['Bordeaux', '33000'],
  ['Pauillac', '33250'],
  ['Saint-Émilion', '33330'],
  ['Cognac', '16100'],
  ['Jarnac', '16200'],
  ['Reims', '51100'],
  ['Épernay', '51200'],
  ['Beaune', '21200'],
  ['Lyon', '69002'],
  ['Paris', '75008'],
  ['Nantes', '44000'],
  ['Lille', '59000'],
  ['Marseille', '13001'],
  ['Toulouse', '31000'],
  ['Strasbourg', '67000'],
  ['Avignon', '84000'],
] as const;
const STREETS = [
  'rue des Chais',
  'avenue de la Gare',
  'quai des Chartrons',
  'chemin des Vignes',
  'place du Marché',
  'boulevard Pasteur',
  'rue Nationale',
  'allée des Tonneliers',
];
const FIRST = [
  'Camille',
  'Louis',
  'Chloé',
  'Hugo',
  'Léa',
  'Jules',
  'Manon',
  'Arthur',
  'Inès',
  'Gabriel',
  'Zoé',
  'Raphaël',
  'Élise',
  'Théo',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Lefèvre',
  'Moreau',
  'Laurent',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Perrin',
  'Chevalier',
];
const TRADE = [
  'Cave',
  'Vinothèque',
  'Épicerie fine',
  'Restaurant',
  'Bistrot',
  'Hôtel',
  'Caviste',
  'Maison',
  'Comptoir',
  'Cellier',
];
const SUPPLIERS = [
  'Château Lafleur',
  'Domaine des Aubuisières',
  'Maison Delamotte',
  'Château Pichon',
  'Domaine Roulot',
  'Distillerie du Peyrat',
  'Maison Ferrand',
  'Château de Laubade',
  'Champagne Gosset',
  'Domaine Huet',
  'Château Climens',
  'Rhum Clément',
  'Domaine Tempier',
  'Maison Jadot',
  'Château Coutet',
  'Domaine Weinbach',
  'Cognac Frapin',
  'Armagnac Dartigalongue',
  'Château Musar',
  'Domaine Zind-Humbrecht',
];

function address(rng: Rng, company: string, person: boolean, withExcise = false) {
  const [city, postcode] = rng.pick(CITIES);
  const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  return {
    isCompany: !person,
    company: person ? '' : company,
    name,
    siretNumber: person ? '' : siret(rng),
    street: `${rng.int(1, 180)} ${rng.pick(STREETS)}`,
    details: '',
    postcode,
    city,
    country: 'FR',
    email: `${name
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/\s+/g, '.')}@example.com`,
    phone: `+33 5 ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
    exciseNumber: withExcise ? `FR0${String(rng.int(10000, 99999))}E${String(rng.int(1000, 9999))}` : '',
    exciseWarehouseNumber: '',
    pickupCode: '',
    timeslots: [],
    comment: '',
  };
}

function contact(
  p: Omit<ContactItem, 'id' | 'createdAt' | 'updatedAt' | 'version' | 'services' | 'comment'> & Partial<ContactItem>,
): ContactItem {
  const now = new Date().toISOString();
  return { id: ulid(), createdAt: now, updatedAt: now, version: 1, services: [], comment: '', ...p };
}

async function inBatches<T>(list: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < list.length; i += size) await Promise.all(list.slice(i, i + size).map(run));
}

export async function seedDemo(log: (line: string) => void = () => undefined): Promise<void> {
  const rng = prng(2026);
  const wh = [
    { id: ulid(), code: 'BDX', name: 'Bordeaux – Bruges' },
    { id: ulid(), code: 'COG', name: 'Cognac – Châteaubernard' },
    { id: ulid(), code: 'REI', name: 'Reims – La Pompelle' },
  ];
  const company = (code: string, name: string, city: [string, string], extra: Partial<CompanyItem>): CompanyItem =>
    newCompany({
      id: ulid(),
      code,
      name,
      address: { ...address(rng, name, false, true), city: city[0], postcode: city[1] },
      warehouseIds: wh.map((w) => w.id),
      ...extra,
    });
  const provider = company('CELLAR', 'Cellar Logistique', ['Bordeaux', '33300'], {});
  const cli001 = company('CLI001', 'Vignobles Duval & Fils', ['Pauillac', '33250'], { isCertifiedOrganic: true });
  const cli002 = company('CLI002', 'Coopérative des Coteaux', ['Cognac', '16100'], {
    segments: ['B2B'],
    isPooledActivity: true,
    warehouseIds: [wh[0]!.id, wh[1]!.id],
  });
  const byCode = { CELLAR: provider, CLI001: cli001, CLI002: cli002 };

  const hash = await hashPassword(DEMO_PASSWORD);
  const levels = { superadmin: 100, admin: 10, user: 2, reader: 1 } as const;
  const users: UserItem[] = DEMO_ACCOUNTS.map((a) => {
    const [local] = a.email.split('@');
    return {
      id: ulid(),
      email: a.email,
      passwordHash: hash,
      firstname: rng.pick(FIRST),
      lastname: `${rng.pick(LAST)} (${local})`,
      roleLevel: levels[a.role],
      active: true,
      locale: 'fr-FR',
      companyId: byCode[a.company].id,
      companyCode: byCode[a.company].code,
      warehouseIds: byCode[a.company].warehouseIds,
      scope: ['*'],
      notificationChannels: ['mail'],
      childIds: [],
      createdAt: new Date().toISOString(),
      version: 1,
    };
  });

  // A group account: CLI001's admin may switch to CLI002's.
  const [, admin1, , , admin2] = users;
  if (admin1 && admin2) admin1.childIds = [admin2.id];

  await batchPut([
    ...wh.map(warehouseItem),
    ...[provider, cli001, cli002].flatMap(companyItems),
    ...users.flatMap(userItems),
  ]);
  companies.invalidate();
  warehouses.invalidate();

  const contacts: ContactItem[] = [];
  const code = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;
  for (const [i, name] of SUPPLIERS.entries()) {
    contacts.push(
      contact({
        type: 'supplier',
        code: code('FOU', i + 1),
        ownerId: cli001.id,
        warehouseId: rng.pick(wh).id,
        segment: null,
        address: address(rng, name, false, true),
      }),
    );
  }
  for (const [i, name] of SUPPLIERS.slice(0, 6).entries()) {
    contacts.push(
      contact({
        type: 'supplier',
        code: code('FRN', i + 1),
        ownerId: cli002.id,
        warehouseId: rng.pick(wh.slice(0, 2)).id,
        segment: null,
        address: address(rng, name, false, true),
      }),
    );
  }
  for (let i = 1; i <= 260; i++) {
    const b2c = i % 3 === 0;
    const name = `${rng.pick(TRADE)} ${rng.pick(LAST)}`;
    contacts.push(
      contact({
        type: 'recipient',
        code: code(b2c ? 'PART' : 'CLT', i),
        ownerId: cli001.id,
        warehouseId: rng.pick(wh).id,
        segment: b2c ? 'B2C' : 'B2B',
        address: address(rng, name, b2c, !b2c),
      }),
    );
  }
  for (let i = 1; i <= 30; i++) {
    const name = `${rng.pick(TRADE)} ${rng.pick(LAST)}`;
    contacts.push(
      contact({
        type: 'recipient',
        code: code('DEST', i),
        ownerId: cli002.id,
        warehouseId: rng.pick(wh.slice(0, 2)).id,
        segment: 'B2B',
        address: address(rng, name, false, true),
      }),
    );
  }
  const carriers: [string, string, 'B2B' | 'B2C' | null, [string, string, boolean][]][] = [
    [
      'GEODIS',
      'Geodis',
      'B2B',
      [
        ['MES', 'Messagerie', false],
        ['AFF', 'Affrètement', false],
      ],
    ],
    ['KUEHNE', 'Kuehne + Nagel', 'B2B', [['GRP', 'Groupage', false]]],
    [
      'COLISSIMO',
      'Colissimo',
      'B2C',
      [
        ['DOM', 'Domicile', false],
        ['RELAIS', 'Point retrait', true],
      ],
    ],
    [
      'DPD',
      'DPD France',
      'B2C',
      [
        ['PREDICT', 'Predict', false],
        ['PICKUP', 'Pickup', true],
      ],
    ],
    [
      'CHRONO',
      'Chronopost',
      'B2C',
      [
        ['13H', 'Chrono 13', false],
        ['RELAIS', 'Chrono Relais', true],
      ],
    ],
    ['ENLEV', 'Enlèvement client', null, []],
  ];
  for (const [c, name, segment, services] of carriers) {
    contacts.push(
      contact({
        type: 'carrier',
        code: c,
        ownerId: null,
        warehouseId: null,
        segment,
        address: address(rng, name, false),
        comment: '',
        services: services.map(([sc, sn, pickup]) => ({ code: sc, name: sn, isPickupPoint: pickup })),
      }),
    );
  }
  await inBatches(contacts, 10, (c) => insertContact(c, {}));
  for (const owner of [cli001, cli002]) await ensureMultiSupplier(owner);

  // CLI001 ships B2C parcels with two carriers' services; every carrier may collect for it.
  const carrierItems = contacts.filter((c) => c.type === 'carrier');
  const services = carrierItems
    .filter((c) => c.code === 'COLISSIMO' || c.code === 'DPD')
    .flatMap((c) => c.services.map((s) => serviceTarget(c.id, s.code)));
  cli001.permissions = { contacts: carrierItems.map((c) => c.id), services };
  await batchPut(companyItems(cli001));
  companies.invalidate();

  const names = (owner: string, type: string) =>
    contacts
      .filter((c) => c.ownerId === owner && c.type === type)
      .map((c) => (type === 'supplier' ? c.code : c.address.company || c.address.name));
  const catalogue = [
    await seedCatalogue(rng, cli001, wh, {
      products: 60,
      recipients: names(cli001.id, 'recipient'),
      suppliers: names(cli001.id, 'supplier'),
    }),
    await seedCatalogue(rng, cli002, wh, {
      products: 15,
      recipients: names(cli002.id, 'recipient'),
      suppliers: names(cli002.id, 'supplier'),
    }),
  ];
  const sum = (k: 'products' | 'stocks' | 'movements') =>
    catalogue.reduce((a, c) => a + (typeof c[k] === 'number' ? c[k] : c[k].length), 0);
  const superadmin = users.find((u) => u.roleLevel === levels.superadmin);
  const caller = superadmin && (await callerFor(superadmin.id));
  if (!caller) throw new Error('The demo superadmin is missing');
  let receptions = 0;
  let orders = 0;
  let shippingOrders = 0;
  // The demo's history is not news: nobody is e-mailed of it, and the warehouse is not told it again.
  holdNotifications(true);
  try {
    for (const [i, owner] of [cli001, cli002].entries()) {
      const suppliers = contacts.filter((c) => c.ownerId === owner.id && c.type === 'supplier');
      receptions += await seedReceptions(rng, caller, owner, catalogue[i] as Catalogue, suppliers);
      const recipients = contacts.filter((c) => c.ownerId === owner.id && c.type === 'recipient');
      orders += await seedOrders(rng, caller, owner, catalogue[i] as Catalogue, recipients, carrierItems);
      shippingOrders += await seedShippingOrders(rng, caller, owner, suppliers, recipients);
    }
    await discardOutbox();
    await discardNotifications();
  } finally {
    holdNotifications(false);
  }
  log(
    `Seeded the demo: ${users.length} accounts, ${contacts.length} contacts, ${wh.length} warehouses, ${sum('products')} products, ${sum('stocks')} stock lines, ${sum('movements')} stock movements, ${receptions} receptions, ${orders} orders, ${shippingOrders} shipping orders.`,
  );
}

/** Products of every family, their stock lines across warehouses and segments, and a year of movements. */
async function seedCatalogue(
  rng: Rng,
  owner: CompanyItem,
  wh: { id: string; code: string; name: string }[],
  o: { products: number; recipients: string[]; suppliers: string[] },
) {
  const warehouses = wh.filter((w) => owner.warehouseIds.includes(w.id));
  const segments: ('B2B' | 'B2C' | null)[] = owner.isPooledActivity ? [null] : owner.segments;
  const products = Array.from({ length: o.products }, (_, i) =>
    generateProduct(rng, owner.id, owner.warehouseIds, i + 1, ulid()),
  );
  await inBatches(products, 10, (p) => insertProduct(p, {}));
  // Each line is the sum of its history (the ledger's invariant holds on the demo as on real data); what orders
  // hold and receptions bring comes after, through the API.
  const ledgers = products.flatMap((p) =>
    Array.from({ length: rng.int(1, 3) }, () => {
      const line = generateStock(rng, p, owner.warehouseIds, segments, ulid());
      const w = warehouses.find((x) => x.id === line.warehouseId) ?? (wh[0] as (typeof wh)[number]);
      return generateLedger(rng, line, p, w, o, ulid);
    }),
  );
  const stocks = ledgers.map((l) => l.stock);
  const showcase = fefoShowcase(products, warehouses, segments, o);
  // Lines are written one by one: each also updates its product's stock summary.
  for (const s of [...stocks, ...showcase.map((l) => l.stock)]) await insertStock(s);
  const movements = [...ledgers, ...showcase].flatMap((l) => l.movements);
  await inBatches(movements, 10, insertMovement);
  return { products, stocks, movements: movements.length };
}

/**
 * Three lots of one dated product in one warehouse, expiring months apart, for the demo to show an order taking the
 * first to expire first. They draw from a generator of their own and stay out of the lines the demo's orders and
 * receptions pick from, so the rest of the demo is as it was.
 */
function fefoShowcase(
  products: ProductItem[],
  warehouses: { id: string; code: string; name: string }[],
  segments: ('B2B' | 'B2C' | null)[],
  names: { recipients: string[]; suppliers: string[] },
) {
  const product = products.find((p) => p.hasBatch && p.hasUbd);
  const warehouse = warehouses[0];
  if (!product || !warehouse) return [];
  const own = prng(4242);
  const segment = segments.includes('B2B') ? 'B2B' : (segments[0] ?? null);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return [120, 240, 360].map((days, i) => {
    const line = {
      ...generateStock(own, product, [warehouse.id], [segment], ulid()),
      quality: 'STD',
      batch: `L${26 + i}${String(100 + days).padStart(3, '0')}`,
      ubd: day(days),
    };
    return generateLedger(own, line, product, warehouse, names, ulid, 120);
  });
}

type Catalogue = { products: ProductItem[]; stocks: StockItem[] };

/** How many of the warehouse's reports bring a reception sent to each status (arrived, received). */
const RECEPTION_REPORTS: Record<string, number> = { '000': 0, '001': 0, '100': 1, '200': 2 };

/** The warehouse's numbering of its reports in the demo (any increasing number will do). */
let reportSeq = 0;
/** The demo's reports, a few minutes apart, ending now: each timeline reads in order. */
const script = (discrepancies: number, serial: number): ScriptOptions => {
  let at = Date.now() - 4 * 7 * 60_000;
  const now = () => {
    at += 7 * 60_000;
    return new Date(at);
  };
  return { discrepancies, nextSeq: () => ++reportSeq, serial, now };
};

/** Applies the first `n` of a document's reports, as the warehouse worker does when they arrive. */
async function report(reports: readonly WmsReport[], n: number) {
  for (const r of reports.slice(0, n)) await applyReport(r);
}

/**
 * Receptions in every status, sent through the API's own service (the superadmin's, naming the owner) and then
 * arrived and counted by the warehouse's reports, as the simulated warehouse plays them, so that their effects on
 * stock (on arriving, in progress, quantity), their input movements and their timelines are the real ones.
 */
async function seedReceptions(
  rng: Rng,
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>,
  owner: CompanyItem,
  catalogue: Catalogue,
  suppliers: ContactItem[],
): Promise<number> {
  const visible = catalogue.products.filter((p) => !p.hidden);
  const segment = owner.isPooledActivity ? null : 'B2B';
  const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const targets = ['000', '000', '001', '001', '001', '100', '100', '200', '200', '200'] as const;
  for (const [n, target] of targets.entries()) {
    const warehouseId = rng.pick(owner.warehouseIds);
    const lines = Array.from({ length: rng.int(1, 4) }, () => {
      const p = rng.pick(visible);
      const existing = catalogue.stocks.find(
        (s) => s.productId === p.id && s.warehouseId === warehouseId && s.segment === segment,
      );
      return existing && rng.next() < 0.5
        ? { productId: p.id, stockId: existing.id, quality: 'STD' as const, expected: rng.pick([6, 12, 24, 60, 120]) }
        : {
            productId: p.id,
            quality: 'STD' as const,
            batch: p.hasBatch ? `L26${String(rng.int(1, 999)).padStart(3, '0')}` : null,
            ubd: p.hasUbd ? day(rng.int(200, 700)) : null,
            expected: rng.pick([6, 12, 24, 60, 120]),
          };
    });
    const created = await createReception(caller, {
      ownerId: owner.id,
      segment,
      warehouseId,
      reference: `REC-${owner.code}-${String(n + 1).padStart(3, '0')}`,
      expectedAt: day(rng.int(1, 30)),
      supplierId: rng.pick(suppliers).id,
      statusCode: target === '000' ? '000' : '001',
      stocks: lines,
    });
    const sent = RECEPTION_REPORTS[target] ? await findReception(created.id) : undefined;
    const notice = sent && receptionMessage(sent, 'reception.announced', await references());
    if (notice?.type === 'reception.announced') {
      // The last closed reception had a bottle broken on arrival.
      const unlucky = target === '200' && n === targets.length - 1 ? 1 : 0;
      await report(receptionReports(notice, script(unlucky, 0)), RECEPTION_REPORTS[target] ?? 0);
    }
  }
  return targets.length;
}

/**
 * Shipping orders in every status (spec 2 §4), through the API's own service as the superadmin naming the owner:
 * created (001), then the status modal's change. Delivered ones were picked up and delivered today.
 */
async function seedShippingOrders(
  rng: Rng,
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>,
  owner: CompanyItem,
  suppliers: ContactItem[],
  recipients: ContactItem[],
): Promise<number> {
  const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const targets = ['000', '001', '001', '001', '100', '100', '200', '200'] as const;
  for (const [n, target] of targets.entries()) {
    const sender = rng.pick(suppliers.filter((c) => c.code !== 'MULTI'));
    const recipient = rng.pick(recipients);
    const delivered = target === '200';
    const pickupDate = delivered ? todayIn() : day(rng.int(1, 10));
    const units = rng.pick([60, 120, 300, 600, 1200]);
    const created = await createShippingOrder(caller, {
      ownerId: owner.id,
      warehouseId: rng.pick(owner.warehouseIds),
      segment: rng.pick(owner.segments),
      reference: `TR-${owner.code}-${String(n + 1).padStart(3, '0')}`,
      senderId: sender.id,
      recipientId: recipient.id,
      pickupAddress: shippingAddressOf(sender.address, [{ start: '08:00', end: '12:00' }]),
      deliveryAddress: shippingAddressOf(recipient.address, [
        { start: '09:00', end: '12:30' },
        { start: '14:00', end: '16:00' },
      ]),
      palletCount: Math.max(1, Math.round(units / 600)),
      parcelCount: units / 6,
      unitCount: units,
      pickupDate,
      deliveryDate: delivered ? pickupDate : day(rng.int(10, 20)),
    });
    if (target === '001') continue;
    await updateShippingOrder(caller, created.id, {
      statusCode: target,
      ...(target === '100' ? { tracking: `TRK${rng.int(100000, 999999)}` } : {}),
      ...(delivered
        ? {
            pickedupAt: `${pickupDate}T08:30`,
            deliveredAt: `${pickupDate}T15:10`,
            tracking: `TRK${rng.int(100000, 999999)}`,
          }
        : {}),
    });
  }
  return targets.length;
}

/**
 * How many of the warehouse's reports bring an order sent to each demo status (acknowledged, preparing, prepared,
 * shipped); a cancelled one is acknowledged, then cancelled by its client.
 */
const ORDER_REPORTS: Record<string, number> = { '000': 0, '005': 0, '010': 1, '020': 2, '040': 3, '050': 1, '070': 4 };

/**
 * Orders in every status, B2B and (for an owner selling to consumers) B2C, sent through the API's own service as
 * the superadmin naming the owner, then moved by the warehouse's reports as the simulated warehouse plays them:
 * their allocations, releases, output movements, packings and timelines are the real ones; the first shipped order
 * was picked a bottle short. An order the warehouse has reports of was transmitted (its `transmittedAt` noted, as
 * publication notes it); orders in 005 were never published (their outbox entries are discarded at the end): they
 * wait for the resend-transmitting button.
 */
async function seedOrders(
  rng: Rng,
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>,
  owner: CompanyItem,
  catalogue: Catalogue,
  recipients: ContactItem[],
  carriers: ContactItem[],
): Promise<number> {
  const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const visible = new Set(catalogue.products.filter((p) => !p.hidden).map((p) => p.id));
  const plan: ['B2B' | 'B2C', string][] = [
    ['B2B', '000'],
    ['B2B', '005'],
    ['B2B', '010'],
    ['B2B', '020'],
    ['B2B', '020'],
    ['B2B', '040'],
    ['B2B', '050'],
    ['B2B', '070'],
    ['B2B', '070'],
    ...(owner.segments.includes('B2C')
      ? ([
          ['B2C', '000'],
          ['B2C', '010'],
          ['B2C', '040'],
          ['B2C', '070'],
        ] as ['B2C', string][])
      : []),
  ];
  const taken = new Map<string, number>();
  const sellable = (segment: 'B2B' | 'B2C') =>
    catalogue.stocks.filter(
      (s) =>
        visible.has(s.productId) &&
        s.quality === 'STD' &&
        (owner.isPooledActivity || s.segment === segment) &&
        s.quantity - s.quantity_allocated - (taken.get(s.id) ?? 0) >= 24,
    );
  // Only the carriers the owner may use (its carrier permissions).
  const usable = (code: string) => carriers.find((c) => c.code === code && owner.permissions?.contacts.includes(c.id));
  const colissimo = usable('COLISSIMO');
  const geodis = usable('GEODIS');
  let n = 0;
  let shortPicked = false;
  for (const [segment, target] of plan) {
    const lots = sellable(segment);
    const recipient = recipients.find((r) => r.segment === segment) ?? recipients[0];
    if (lots.length === 0 || !recipient) continue;
    n++;
    const picked = [...new Set(Array.from({ length: rng.int(1, 4) }, () => rng.pick(lots)))];
    const lines = picked.map((s) => {
      const ordered = rng.pick([6, 12, 18, 24]);
      taken.set(s.id, (taken.get(s.id) ?? 0) + ordered);
      return { stockId: s.id, ordered };
    });
    // Lots in several warehouses leave from the first line's, as a user would choose in the wizard.
    const departure = departureWarehouseRequired(picked) ? (picked[0]?.warehouseId ?? null) : null;
    const b2c = segment === 'B2C';
    const created = await createOrder(caller, {
      ownerId: owner.id,
      segment,
      reference: `CMD-${owner.code}-${String(n).padStart(3, '0')}`,
      recipientReference: rng.next() < 0.5 ? `PO-${rng.int(1000, 9999)}` : '',
      groupingNumber: '',
      warehouseId: departure,
      recipient: recipient.address,
      customerId: recipient.id,
      carrierId: b2c ? (colissimo?.id ?? null) : rng.next() < 0.5 ? (geodis?.id ?? null) : null,
      serviceCode: b2c ? 'DOM' : null,
      pickupManagedByProduct: 1,
      shippingLabelRequired: 0,
      deliveryDate: day(rng.int(2, 20)),
      pickupDate: null,
      deliveryComment: rng.next() < 0.4 ? 'Livraison sur rendez-vous, quai 2' : '',
      preparationComment: rng.next() < 0.3 ? 'Cartons d’origine' : '',
      statusCode: target === '000' ? '000' : '005',
      stocks: lines,
    });
    const sent = ORDER_REPORTS[target] ? await findOrder(created.id) : undefined;
    const message = sent && orderMessage(sent, 'order.transmitted', await references());
    if (message?.type === 'order.transmitted') {
      // The seed stands in for the queue here: the order is noted transmitted, as its publication notes it
      // (`toldOrder.published`), and the simulated warehouse's reports are applied at once.
      await toldOrder.published?.(message);
      const unlucky: number = target === '070' && !shortPicked ? 1 : 0;
      shortPicked ||= unlucky === 1;
      await report(orderReports(message, script(unlucky, rng.int(1, 9_000_000))), ORDER_REPORTS[target] ?? 0);
      if (target === '050') await cancelOrder(caller, created.id);
    }
  }
  return n;
}
