/**
 * The demo anyone can try after `npm start`, seeded by domain: accounts (warehouses, companies and the five demo
 * accounts), contacts, the catalogue, then the documents (receptions, orders, shipping orders) through the
 * product's own services and the simulated warehouse's reports. Local runtime only: nothing here is bundled into
 * a Lambda or deployed.
 */
import { callerFor } from '@cellar/functions/caller/principal';
import { discardNotifications, holdNotifications } from '@cellar/functions/notifications/status-mail';
import { discardOutbox } from '@cellar/functions/outbox/outbox';
import { prng } from '../prng';
import { seedAccounts } from './accounts';
import { type Catalogue, seedCatalogue } from './catalogue';
import { systemClock } from './clock';
import { seedContacts } from './contacts';
import { type HistorySize, seedHistory, seedViews } from './history';
import { seedOrders } from './orders';
import { seedReceptions } from './receptions';
import { seedShippingOrders } from './shipping-orders';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';

/** A month of each owner's past (history.ts): the larger owner's, then the smaller's. */
const HISTORY: readonly HistorySize[] = [
  { orders: [4, 8], receptions: [1, 2] },
  { orders: [1, 3], receptions: [0, 1] },
];

export async function seedDemo(log: (line: string) => void = () => undefined): Promise<void> {
  const rng = prng(2026);
  const { wh, cli001, cli002, users, superadmin } = await seedAccounts(rng);
  const { contacts, carriers: carrierItems } = await seedContacts(rng, wh, cli001, cli002);

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
  const caller = await callerFor(superadmin.id);
  if (!caller) throw new Error('The demo superadmin is missing');
  let receptions = 0;
  let orders = 0;
  let shippingOrders = 0;
  let views = 0;
  // The demo's history is not news: nobody is e-mailed of it, and the warehouse is not told it again.
  holdNotifications(true);
  try {
    for (const [i, owner] of [cli001, cli002].entries()) {
      const suppliers = contacts.filter((c) => c.ownerId === owner.id && c.type === 'supplier');
      receptions += await seedReceptions(rng, caller, owner, catalogue[i] as Catalogue, suppliers);
      const recipients = contacts.filter((c) => c.ownerId === owner.id && c.type === 'recipient');
      const desk = await seedOrders(rng, caller, owner, catalogue[i] as Catalogue, recipients, carrierItems);
      orders += desk.placed;
      shippingOrders += await seedShippingOrders(rng, caller, owner, suppliers, recipients);
      // The months before: the documents of today stay first, by their draws.
      const past = await seedHistory(
        { orders: desk, receptions: { rng, caller, owner, catalogue: catalogue[i] as Catalogue, suppliers } },
        HISTORY[i] as HistorySize,
        1848 + i,
      );
      orders += past.orders;
      receptions += past.receptions;
    }
    views = await seedViews(users, [6, 14]);
    await discardOutbox();
    await discardNotifications();
  } finally {
    systemClock();
    holdNotifications(false);
  }
  log(
    `Seeded the demo: ${users.length} accounts, ${contacts.length} contacts, ${wh.length} warehouses, ${sum('products')} products, ${sum('stocks')} stock lines, ${sum('movements')} stock movements before the documents, ${receptions} receptions, ${orders} orders, ${shippingOrders} shipping orders, ${views} page views, over a year.`,
  );
}
