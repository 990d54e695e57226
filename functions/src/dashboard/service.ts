/**
 * The dashboard (spec 1 §2): each part is a provider, run only for a caller holding the part's module scope
 * (DASHBOARD_PART_SCOPES). Figures are counters (figures.ts); panels are the first short page of the domain's own
 * list, with the filters and sort of the list its card links to, so no panel reads more than a list page does.
 *
 *   caller ── owner: its company, or the superadmin's ?ownerId= (every owner when none)
 *            └─ for each part the caller's scopes admit: provider(context) ── merged into one answer
 *
 * A part is one line of PROVIDERS.
 */
import { hasScope } from '@cellar/shared/access/roles';
import { clock } from '@cellar/shared/common/clock';
import { todayIn } from '@cellar/shared/common/dates';
import {
  DASHBOARD_PANEL_SIZE,
  DASHBOARD_PART_SCOPES,
  type Dashboard,
  type DashboardPart,
  EXPEDITION_STATUSES,
  SHIPPING_EXPEDITION_STATUSES,
} from '@cellar/shared/dashboard/schemas';
import { NULL_LITERAL } from '@cellar/shared/filter/match';
import { type Condition, emptyQuery, type ListQuery, type SortKey } from '@cellar/shared/filter/query';
import type { Caller } from '../caller/principal';
import { mapBounded } from '../data/fan-out';
import { orderMonths, stockTotals, yearReceptions } from '../data/figures';
import { plannedPage } from '../data/list';
import { companies } from '../data/reference';
import type { ListAnswer } from '../platform/http/lists';

/** What every provider knows: who asks, whose records, and the day. */
export interface DashboardContext {
  caller: Caller;
  /** One owner, or every owner (the superadmin naming none). */
  owner: string | 'all';
  year: number;
  today: string;
}

type Answer = Omit<Dashboard, 'year' | 'today'>;
type Provider = (ctx: DashboardContext) => Promise<Partial<Answer>>;

const condition = (field: string, op: Condition['op'], ...values: string[]): Condition => ({ field, op, values });

/** A list query for the owner of the context (the superadmin's one owner is a filter, as in the lists). */
function query(ctx: DashboardContext, filters: Condition[] = [], sort: SortKey[] = []): ListQuery {
  const owner = ctx.owner !== 'all' && ctx.caller.isSuperadmin ? [condition('owner.id', 'eq', ctx.owner)] : [];
  return { ...emptyQuery(), filters: [...owner, ...filters], sort, paginate: DASHBOARD_PANEL_SIZE };
}

/** The first page of a list, shown as the list shows it. */
async function firstPage<T>(answer: Promise<ListAnswer<T>>): Promise<unknown[]> {
  const { plan, present } = await answer;
  // A panel shows no total: nothing is read past its rows.
  const page = await plannedPage(plan, 1, DASHBOARD_PANEL_SIZE, undefined, 0);
  return present ? present(page.data) : page.data;
}

/**
 * A panel sorted on a column other than the key's: a list sort index holds one owner's rows, so for every owner
 * the first page of each owner is read (bounded by the number of companies, not of records) and merged.
 */
async function perOwner<T>(
  ctx: DashboardContext,
  page: (owner: DashboardContext) => Promise<T[]>,
  order: (a: T, b: T) => number,
): Promise<T[]> {
  if (ctx.owner !== 'all') return page(ctx);
  const owners = [...(await companies.get()).keys()];
  const pages = await mapBounded(owners, (owner) => page({ ...ctx, owner }));
  return pages.flat().sort(order).slice(0, DASHBOARD_PANEL_SIZE);
}

const byText = (pick: (row: never) => string | null) => (a: unknown, b: unknown) =>
  (pick(a as never) ?? '').localeCompare(pick(b as never) ?? '');

// Each domain's list loads with the first part that needs it: the function starts with the figures alone, and a
// caller without a scope never loads that domain's list.
const orderList = async (...a: Parameters<typeof import('../orders/list').orderList>) =>
  (await import('../orders/list')).orderList(...a);
const receptionList = async (...a: Parameters<typeof import('../receptions/list').receptionList>) =>
  (await import('../receptions/list')).receptionList(...a);
const movementList = async (...a: Parameters<typeof import('../stockMovements/list').movementList>) =>
  (await import('../stockMovements/list')).movementList(...a);
const shippingOrderList = async (...a: Parameters<typeof import('../shippingOrders/list').shippingOrderList>) =>
  (await import('../shippingOrders/list')).shippingOrderList(...a);
const stockList = async (...a: Parameters<typeof import('../stocks/list').stockList>) =>
  (await import('../stocks/list')).stockList(...a);

/** The parts and how each is answered. */
const PROVIDERS: Partial<Record<DashboardPart, Provider>> = {
  orderFigures: async ({ owner, year }) => {
    const months = await orderMonths(owner, year);
    const sum = (k: 'orders' | 'bottles') => months.reduce((n, m) => n + m[k], 0);
    return { kpi: { yearOrdersCount: sum('orders'), yearBottlesCount: sum('bottles') }, months };
  },
  stockFigures: async ({ owner }) => {
    const { references, bottles } = await stockTotals(owner);
    return { kpi: { referencesCount: references, bottlesCount: bottles } };
  },
  receptionFigures: async ({ owner, year }) => ({ kpi: { yearReceptionsCount: await yearReceptions(owner, year) } }),
  orders: async (ctx) => ({ orders: (await firstPage(orderList(ctx.caller, query(ctx)))) as Answer['orders'] }),
  receptions: async (ctx) => ({
    receptions: (await firstPage(receptionList(ctx.caller, query(ctx)))) as Answer['receptions'],
  }),
  stockMovements: async (ctx) => ({
    stockMovements: (await firstPage(movementList(ctx.caller, query(ctx)))) as Answer['stockMovements'],
  }),
  // Orders still to leave, due from today, soonest first.
  expeditions: async (ctx) => ({
    expeditions: (await perOwner(
      ctx,
      (c) =>
        firstPage(
          orderList(
            c.caller,
            query(
              c,
              [condition('deliveryDate', 'ge', c.today), condition('statusCode', 'eq', ...EXPEDITION_STATUSES)],
              [{ field: 'deliveryDate', desc: false }],
            ),
          ),
        ),
      byText((o: { deliveryDate: string | null }) => o.deliveryDate),
    )) as Answer['expeditions'],
  }),
  shippingOrders: async (ctx) => ({
    shippingOrders: (await firstPage(shippingOrderList(ctx.caller, query(ctx)))) as Answer['shippingOrders'],
  }),
  // Shipping orders still to deliver, due from today, soonest first (the screen shows them with the orders).
  shippingExpeditions: async (ctx) => ({
    shippingExpeditions: (await perOwner(
      ctx,
      (c) =>
        firstPage(
          shippingOrderList(
            c.caller,
            query(
              c,
              [
                condition('deliveryDate', 'ge', c.today),
                condition('statusCode', 'eq', ...SHIPPING_EXPEDITION_STATUSES),
              ],
              [{ field: 'deliveryDate', desc: false }],
            ),
          ),
        ),
      byText((o: { deliveryDate: string | null }) => o.deliveryDate),
    )) as Answer['shippingExpeditions'],
  }),
  // Today's stock lines: stored today, or with no date.
  stocks: async (ctx) => ({
    stocks: (await perOwner(
      ctx,
      async (c) => {
        const newest: SortKey[] = [{ field: 'storedAt', desc: true }];
        const [today, undated] = await Promise.all([
          firstPage(stockList(c.caller, query(c, [condition('storedAt', 'ge', c.today)], newest))),
          firstPage(stockList(c.caller, query(c, [condition('storedAt', 'eq', NULL_LITERAL)], newest))),
        ]);
        return [...today, ...undated].slice(0, DASHBOARD_PANEL_SIZE);
      },
      // Stored today first, then the undated.
      (a, b) => byText((s: { storedAt: string | null }) => s.storedAt)(b, a),
    )) as Answer['stocks'],
  }),
};

/** Who the dashboard is about: the caller's company, or for the superadmin the owner it names (else everyone). */
export const dashboardOwner = (caller: Caller, ownerId: string | undefined): string | 'all' =>
  caller.isSuperadmin ? (ownerId ?? 'all') : caller.tenantId;

export async function getDashboard(caller: Caller, ownerId?: string, now = clock.now()): Promise<Dashboard> {
  const today = todayIn(undefined, now);
  const ctx: DashboardContext = {
    caller,
    owner: dashboardOwner(caller, ownerId),
    year: Number(today.slice(0, 4)),
    today,
  };
  const parts = (Object.entries(PROVIDERS) as [DashboardPart, Provider][]).filter(([part]) =>
    hasScope(caller.scope, DASHBOARD_PART_SCOPES[part]),
  );
  const answers = await Promise.all(parts.map(([, provide]) => provide(ctx)));
  const out: Dashboard = { year: ctx.year, today, kpi: {} };
  for (const { kpi, ...panels } of answers) Object.assign(out, panels, { kpi: { ...out.kpi, ...kpi } });
  return out;
}
