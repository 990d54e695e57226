/**
 * A year of the demo's past, written by the product at the instants it happened (clock.ts): in each of the eleven
 * months before this one, the owner's orders sent and shipped (a few cancelled) and its receptions announced and
 * received, each through the API's own service on a working hour of a day of that month and moved by the
 * warehouse's reports over the next two days; and, every month to this one, the page views of the demo's people.
 * So the dashboard's year, the statistics, the stock movements and the timelines read as a year of use, and every
 * stock line is still the sum of its movements. It draws from a generator of its own, so the documents of today
 * stay as they were.
 */
import { recordPageView } from '@cellar/functions/activityLogs/service';
import { callerFor } from '@cellar/functions/caller/principal';
import type { UserItem } from '@cellar/functions/users/repository';
import { startOfDayIn, todayIn } from '@cellar/shared/common/dates';
import { prng } from '../prng';
import { atInstant } from './clock';
import { type OrderDesk, placeOrder } from './orders';
import type { Rng } from './people';
import { placeReception, type ReceptionDesk } from './receptions';
import type { Later } from './warehouse';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How many documents a month of the owner's past holds, at least and at most. */
export interface HistorySize {
  orders: [number, number];
  receptions: [number, number];
}

/** The first day (YYYY-MM-01) of the month `back` months before today's, in the warehouses' time zone. */
export function monthBefore(back: number, today = todayIn()): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** An instant of a working hour (8:00–17:59, Paris) on a day of the month starting `first`, up to its 28th. */
const workingInstant = (rng: Rng, first: string) =>
  Date.parse(startOfDayIn(`${first.slice(0, 8)}${String(rng.int(1, 28)).padStart(2, '0')}`)) +
  rng.int(8, 17) * HOUR +
  rng.int(0, 59) * 60_000;

/**
 * The warehouse's four reports over the two days after the document, twelve hours apart; closer together when that
 * would end after now (a document of the 28th of February, seeded on the 1st of March, is shipped by then).
 */
function twoDaysAfter(instant: number): Later {
  const end = Math.min(instant + 2 * DAY, Date.now() - HOUR);
  return { within: (work) => atInstant(end, work), stepMs: Math.min(12 * HOUR, (end - instant) / 4) };
}

/** The owner's documents of the eleven months before this one, oldest first. */
export async function seedHistory(
  owner: { orders: OrderDesk; receptions: ReceptionDesk },
  size: HistorySize,
  seed: number,
): Promise<{ orders: number; receptions: number }> {
  const rng = prng(seed);
  const orders = { ...owner.orders, rng };
  const receptions = { ...owner.receptions, rng };
  const segments = owner.orders.owner.segments.length ? owner.orders.owner.segments : ['B2B' as const];
  const done = { orders: 0, receptions: 0 };
  for (let back = 11; back >= 1; back--) {
    const first = monthBefore(back);
    const yymm = first.slice(2, 4) + first.slice(5, 7);
    const documents = [
      ...Array.from({ length: rng.int(...size.orders) }, (_, i) => ({ kind: 'order' as const, i })),
      ...Array.from({ length: rng.int(...size.receptions) }, (_, i) => ({ kind: 'reception' as const, i })),
    ]
      .map((d) => ({ ...d, at: workingInstant(rng, first) }))
      .sort((a, b) => a.at - b.at);
    for (const d of documents) {
      const number = String(d.i + 1).padStart(2, '0');
      if (d.kind === 'order') {
        const segment = rng.pick(segments);
        const target = rng.next() < 0.08 ? '050' : '070';
        const reference = `CMD-${orders.owner.code}-${yymm}-${number}`;
        const placed = await atInstant(d.at, () => placeOrder(orders, segment, target, reference, twoDaysAfter(d.at)));
        if (placed) done.orders++;
      } else {
        const reference = `REC-${receptions.owner.code}-${yymm}-${number}`;
        await atInstant(d.at, () => placeReception(receptions, '200', reference, 0, twoDaysAfter(d.at)));
        done.receptions++;
      }
    }
  }
  return done;
}

/** The pages the demo's people open, the dashboard and the lists most. */
const PAGES = [
  'dashboard',
  'dashboard',
  'dashboard',
  'order-list',
  'order-list',
  'order-detail',
  'stock-list',
  'stock-list',
  'product-list',
  'reception-list',
  'reception-detail',
  'create-order',
  'stock-movement',
  'stats',
];

/**
 * The demo's people's page views, from the month eleven months back to today, as the SPA records them (the
 * activity logs and the statistics' daily counts): `views` a month each, at least and at most.
 */
export async function seedViews(people: readonly UserItem[], views: [number, number]): Promise<number> {
  const rng = prng(1957);
  const today = todayIn();
  let n = 0;
  for (const person of people) {
    const caller = await callerFor(person.id);
    if (!caller) continue;
    for (let back = 11; back >= 0; back--) {
      const first = monthBefore(back);
      const instants = Array.from({ length: rng.int(...views) }, () => workingInstant(rng, first))
        .filter((at) => todayIn(undefined, new Date(at)) < today)
        .sort((a, b) => a - b);
      for (const at of instants) {
        await atInstant(at, () => recordPageView(caller, rng.pick(PAGES)));
        n++;
      }
    }
  }
  return n;
}
