import type { callerFor } from '@cellar/functions/caller/principal';
import type { ContactItem } from '@cellar/functions/contacts/repository';
import { type CompanyItem, references } from '@cellar/functions/data/reference';
import { findOrder } from '@cellar/functions/orders/repository';
import { cancelOrder, createOrder } from '@cellar/functions/orders/service';
import { orderMessage, toldOrder } from '@cellar/functions/orders/warehouse-messages';
import { todayIn } from '@cellar/shared/common/dates';
import { departureWarehouseRequired } from '@cellar/shared/orders/schemas';
import { orderReports } from '../warehouse-script';
import type { Catalogue } from './catalogue';
import type { Rng } from './people';
import { type Later, now, report, script } from './warehouse';

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
export async function seedOrders(
  rng: Rng,
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>,
  owner: CompanyItem,
  catalogue: Catalogue,
  recipients: ContactItem[],
  carriers: ContactItem[],
): Promise<OrderDesk> {
  const desk = orderDesk(rng, caller, owner, catalogue, recipients, carriers);
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
        ] as ['B2B' | 'B2C', string][])
      : []),
  ];
  let n = 0;
  for (const [segment, target] of plan) {
    const placed = await placeOrder(desk, segment, target, `CMD-${owner.code}-${String(n + 1).padStart(3, '0')}`);
    if (placed) n++;
  }
  desk.placed = n;
  return desk;
}

/** What placing the owner's orders needs, and the stock its orders took so far (`taken`, by stock line). */
export interface OrderDesk {
  rng: Rng;
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>;
  owner: CompanyItem;
  catalogue: Catalogue;
  recipients: ContactItem[];
  carriers: ContactItem[];
  taken: Map<string, number>;
  /** Whether an order was picked a bottle short yet (the first shipped one is). */
  shortPicked: boolean;
  /** How many orders were placed. */
  placed: number;
}

const orderDesk = (
  rng: Rng,
  caller: OrderDesk['caller'],
  owner: CompanyItem,
  catalogue: Catalogue,
  recipients: ContactItem[],
  carriers: ContactItem[],
): OrderDesk => ({
  rng,
  caller,
  owner,
  catalogue,
  recipients,
  carriers,
  taken: new Map(),
  shortPicked: false,
  placed: 0,
});

/**
 * Sends one order of `segment` through the API's service at the clock's instant, and brings it to `target` by the
 * warehouse's reports (`reports`: applied at once, minutes apart, unless told; the seed's history applies them
 * days later, hours apart). False when no lot has enough left to serve it.
 */
export async function placeOrder(
  desk: OrderDesk,
  segment: 'B2B' | 'B2C',
  target: string,
  reference: string,
  reports: Later = now,
): Promise<boolean> {
  const { rng, caller, owner, catalogue, recipients, carriers, taken } = desk;
  const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const visible = new Set(catalogue.products.filter((p) => !p.hidden).map((p) => p.id));
  const lots = catalogue.stocks.filter(
    (s) =>
      visible.has(s.productId) &&
      s.quality === 'STD' &&
      (owner.isPooledActivity || s.segment === segment) &&
      s.quantity - s.quantity_allocated - (taken.get(s.id) ?? 0) >= 24,
  );
  // Only the carriers the owner may use (its carrier permissions).
  const usable = (code: string) => carriers.find((c) => c.code === code && owner.permissions?.contacts.includes(c.id));
  const recipient = recipients.find((r) => r.segment === segment) ?? recipients[0];
  if (lots.length === 0 || !recipient) return false;
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
    reference,
    recipientReference: rng.next() < 0.5 ? `PO-${rng.int(1000, 9999)}` : '',
    groupingNumber: '',
    warehouseId: departure,
    recipient: recipient.address,
    customerId: recipient.id,
    carrierId: b2c ? (usable('COLISSIMO')?.id ?? null) : rng.next() < 0.5 ? (usable('GEODIS')?.id ?? null) : null,
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
    // (`toldOrder.published`), and the simulated warehouse's reports are applied.
    await toldOrder.published?.(message);
    const unlucky: number = target === '070' && !desk.shortPicked ? 1 : 0;
    desk.shortPicked ||= unlucky === 1;
    const serial = rng.int(1, 9_000_000);
    await reports.within(async () => {
      await report(orderReports(message, script(unlucky, serial, reports.stepMs)), ORDER_REPORTS[target] ?? 0);
      if (target === '050') await cancelOrder(caller, created.id);
    });
  }
  return true;
}
