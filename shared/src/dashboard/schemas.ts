/**
 * The dashboard (spec 1 §2, §3): key figures and short panels, each part present only for a caller holding its
 * module scope (spec 1 §6). The figures come from counters, so the answer costs the same at any volume.
 */
import * as z from 'zod';
import type { ModuleScope } from '../access/roles';
import { endOfDayIn, startOfDayIn } from '../common/dates';
import { orderSchema } from '../orders/schemas';
import { receptionSchema } from '../receptions/schemas';
import { shippingOrderSchema } from '../shippingOrders/schemas';
import { stockMovementSchema } from '../stockMovements/schemas';
import { EXCLUDED_QUALITIES, stockSchema } from '../stocks/schemas';

/** Rows in each panel: a glance, the list behind the card has the rest. */
export const DASHBOARD_PANEL_SIZE = 5;

import { BOTTLES_SENT_STATUSES, YEAR_ORDER_STATUSES, YEAR_RECEPTION_STATUSES } from './statuses';

export { BOTTLES_SENT_STATUSES, YEAR_ORDER_STATUSES, YEAR_RECEPTION_STATUSES };
/** The orders the next-shipments panel shows: those still to leave. */
export const EXPEDITION_STATUSES = ['005', '010', '020', '030', '040'] as const;
/** Shipping orders still to deliver: created or planified. */
export const SHIPPING_EXPEDITION_STATUSES = ['001', '100'] as const;

/** Which module scope each part of the dashboard needs. */
export const DASHBOARD_PART_SCOPES = {
  orderFigures: 'order',
  stockFigures: 'stock',
  receptionFigures: 'reception',
  orders: 'order',
  expeditions: 'order',
  shippingExpeditions: 'transportation',
  receptions: 'reception',
  shippingOrders: 'transportation',
  stockMovements: 'stockMovement',
  stocks: 'stock',
} as const satisfies Record<string, ModuleScope>;
export type DashboardPart = keyof typeof DASHBOARD_PART_SCOPES;

const count = z.number().int();

export const dashboardKpiSchema = z.object({
  yearOrdersCount: count.optional(),
  yearBottlesCount: count.optional(),
  referencesCount: count.optional(),
  bottlesCount: count.optional(),
  yearReceptionsCount: count.optional(),
});

/** Orders (non-draft) and bottles sent, per month of the year: the chart. */
export const dashboardMonthSchema = z.object({ month: z.string(), orders: count, bottles: count });

export const dashboardSchema = z.object({
  /** The calendar year counted (Europe/Paris) and today's date there. */
  year: z.number().int(),
  today: z.string(),
  kpi: dashboardKpiSchema,
  months: z.array(dashboardMonthSchema).optional(),
  orders: z.array(orderSchema).optional(),
  receptions: z.array(receptionSchema).optional(),
  shippingOrders: z.array(shippingOrderSchema).optional(),
  stockMovements: z.array(stockMovementSchema).optional(),
  expeditions: z.array(orderSchema).optional(),
  /** Shipping orders due from today, soonest first: the next-shipments panel shows them with the orders. */
  shippingExpeditions: z.array(shippingOrderSchema).optional(),
  stocks: z.array(stockSchema).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The superadmin may name one owner; anyone else's owner is its own company. */
export const dashboardQuery = z.strictObject({ ownerId: z.string().min(1).max(64).optional() });

/**
 * The year's bounds as instants (Europe/Paris midnight to midnight), as the cards' list links filter `createdAt`.
 * @example yearBounds(2026) // ['2025-12-31T23:00:00.000Z', '2026-12-31T22:59:59.999Z']
 */
export const yearBounds = (year: number, timeZone = 'Europe/Paris'): [string, string] => [
  startOfDayIn(`${year}-01-01`, timeZone),
  endOfDayIn(`${year}-12-31`, timeZone),
];

export type DashboardCard = keyof z.infer<typeof dashboardKpiSchema>;

/**
 * The filter of the list each card opens (its `grid_filters`), counting what the card counts: the figure and the
 * list's total agree (the API tests check it).
 */
export function cardFilters(year: number): Record<DashboardCard, string> {
  const created = `filter[createdAt][bt]=${yearBounds(year).join(',')}`;
  return {
    yearOrdersCount: `${created}&filter[statusCode]=${YEAR_ORDER_STATUSES.join(',')}`,
    yearBottlesCount: `${created}&filter[statusCode]=${BOTTLES_SENT_STATUSES.join(',')}`,
    referencesCount: `filter[available][gt]=0&filter[quality][notIn]=${EXCLUDED_QUALITIES.join(',')}`,
    bottlesCount: '',
    yearReceptionsCount: `${created}&filter[statusCode]=${YEAR_RECEPTION_STATUSES.join(',')}`,
  };
}
