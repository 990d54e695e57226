/**
 * Shipping orders: transport requests moving goods from a pickup address to a delivery address (spec 2 §2–§5).
 *
 * The rules that need the clock live in `shippingOrderIssues`, which the service and the create form both call;
 * the time-slot and date-with-time rules are `timeslotIssues` and `dateTimeIssue`, shared the same way.
 */
import * as z from 'zod';
import { authorSchema } from '../common/author';
import { notBeforeToday } from '../common/dates';
import { WAREHOUSE_QUANTITY_MAX } from '../common/quantities';
import { ref, SEGMENT_CODES, type SegmentCode, segmentCode } from '../common/schemas';
import { searchWords } from '../filter/search';
import { isEmpty, MESSAGES } from '../validation/validators';
import { id, isoDate, optionalString, requiredString } from '../validation/zod';
import { warehouseSchema } from '../warehouses/schemas';
import { SHIPPING_ORDER_STATUS } from './status';

export const shippingOrderStatusCode = z.enum(SHIPPING_ORDER_STATUS.codes as ['000', '001', '100', '200'], {
  error: MESSAGES.invalid,
});
export type ShippingOrderStatusCode = z.infer<typeof shippingOrderStatusCode>;

/** A missing value is required; a wrong one gets `key`. */
const missingOr = (key: string) => (i: { input?: unknown }) =>
  i.input === undefined || i.input === null ? MESSAGES.required : key;

/**
 * A pallet, parcel or unit count: a whole number above 0 (spec 2 §5), and no more than the warehouse message that
 * carries it takes; parcelCount may be left out.
 */
const requiredCount = z
  .number({ error: missingOr(MESSAGES.integer) })
  .int({ error: MESSAGES.integer })
  .gt(0, { error: MESSAGES.greaterThan, abort: true })
  .refine((n) => n <= WAREHOUSE_QUANTITY_MAX, {
    error: MESSAGES.between,
    params: { min: 1, max: WAREHOUSE_QUANTITY_MAX },
    abort: true,
  })
  // The upper bound as zod's own check too, where the published document reads it (the message above says it).
  .max(WAREHOUSE_QUANTITY_MAX);
const optionalCount = requiredCount.nullish();

/** The time picker's defaults (spec 2 §9): 08:00 to 16:00, in steps of 30 minutes. */
export const TIMESLOT_BOUNDS = { min: '08:00', max: '16:00', stepMinutes: 30 } as const;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const timeslotSchema = z.object({
  start: z.string().regex(HH_MM, { error: MESSAGES.invalid }),
  end: z.string().regex(HH_MM, { error: MESSAGES.invalid }),
});
export type Timeslot = z.infer<typeof timeslotSchema>;

export const shippingAddressSchema = z.object({
  name: requiredString(100),
  contact: optionalString(100),
  street: requiredString(150),
  postcode: requiredString(12),
  city: requiredString(100),
  exciseNumber: optionalString(13),
  comment: optionalString(255),
  timeslots: z.array(timeslotSchema).max(10).default([]),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

type Issue = { path: (string | number)[]; key: string; params?: Record<string, string | number> };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Time slots of the create flow (spec 2 §5, §9): each start before its end, both within 08:00–16:00 on the
 * half hour. `path` is where the slots sit (`['pickupAddress', 'timeslots']`).
 */
export function timeslotIssues(slots: readonly Timeslot[], path: (string | number)[]): Issue[] {
  const out: Issue[] = [];
  const { min, max, stepMinutes } = TIMESLOT_BOUNDS;
  for (const [i, slot] of slots.entries()) {
    for (const f of ['start', 'end'] as const) {
      const t = slot[f];
      if (!HH_MM.test(t)) out.push({ path: [...path, i, f], key: MESSAGES.invalid });
      else if (t < min || t > max) out.push({ path: [...path, i, f], key: MESSAGES.timeRange, params: { min, max } });
      else if (minutes(t) % stepMinutes !== 0) {
        out.push({ path: [...path, i, f], key: MESSAGES.timeStep, params: { step: stepMinutes } });
      }
    }
    if (HH_MM.test(slot.start) && HH_MM.test(slot.end) && slot.start >= slot.end) {
      out.push({ path: [...path, i, 'end'], key: MESSAGES.timeOrder });
    }
  }
  return out;
}

/** A pickup or delivery datetime as the status modal sends it: a date and a time in the warehouses' zone. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The status modal's pickup or delivery moment (spec 2 §5): a date and a time together, or neither. The form
 * joins its two fields with `joinDateTime`; the server checks the joined value with `dateTimeIssue`.
 */
export function joinDateTime(date: string | null | undefined, time: string | null | undefined) {
  if (isEmpty(date) && isEmpty(time)) return null;
  return `${date ?? ''}T${time ?? ''}`;
}

/** The message key of a moment that lacks its date or its time (or is not one); undefined when it is fine. */
export function dateTimeIssue(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (LOCAL_DATE_TIME.test(value)) {
    return Number.isNaN(Date.parse(`${value.slice(0, 10)}T00:00:00Z`)) ? MESSAGES.invalid : undefined;
  }
  const [date = '', time = ''] = value.split('T');
  return date === '' || time === '' ? MESSAGES.dateTimeTogether : MESSAGES.invalid;
}

const moment = z
  .string()
  .nullish()
  .superRefine((v, ctx) => {
    const key = dateTimeIssue(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

const contentFields = {
  warehouseId: requiredString(64),
  segment: z.enum(SEGMENT_CODES, { error: missingOr(MESSAGES.invalid) }),
  reference: requiredString(50),
  senderId: id.nullish(),
  recipientId: id.nullish(),
  pickupAddress: shippingAddressSchema,
  deliveryAddress: shippingAddressSchema,
  palletCount: requiredCount,
  parcelCount: optionalCount,
  unitCount: requiredCount,
  pickupDate: isoDate.nullish(),
  deliveryDate: z.string({ error: MESSAGES.required }).pipe(isoDate),
};

/** Body of POST /api/shipping-orders: a new shipping order (created, 001). The owner is the superadmin's choice. */
export const shippingOrderCreateSchema = z.object({ ownerId: id.optional(), ...contentFields });
export type ShippingOrderCreate = z.infer<typeof shippingOrderCreateSchema>;

/**
 * Body of PUT /api/shipping-orders/{id}: the status modal's change (status, pickup and delivery moments, tracking)
 * and any content field. `version`, when sent, is the one the caller read: a shipping order changed since is a 409.
 */
export const shippingOrderUpdateSchema = z
  .object(contentFields)
  .partial()
  .extend({
    version: z
      .number()
      .int()
      .positive()
      .max(2 ** 31)
      .optional(),
    statusCode: shippingOrderStatusCode.optional(),
    pickedupAt: moment,
    deliveredAt: moment,
    tracking: z.string().trim().max(100, { error: MESSAGES.maxLength }).nullish(),
  });
export type ShippingOrderUpdate = z.infer<typeof shippingOrderUpdateSchema>;

/** What `shippingOrderIssues` needs to know beyond the body. */
export interface ShippingOrderContext {
  /** The owner's segments. */
  segments: readonly SegmentCode[];
  /** The clock's now (common/clock.ts) unless a test fixes it. */
  now?: Date;
  /** Only the dates that change are held to "not before today" (an update of an old shipping order). */
  previous?: { pickupDate: string | null; deliveryDate: string };
}

/**
 * The rules of a shipping order's content (spec 2 §5) that the schema cannot see: segment among the owner's,
 * pickup and delivery dates not before today (Europe/Paris), and the create flow's time slots.
 */
export function shippingOrderIssues(
  o: {
    segment: SegmentCode;
    pickupDate?: string | null;
    deliveryDate: string;
    pickupAddress: { timeslots: readonly Timeslot[] };
    deliveryAddress: { timeslots: readonly Timeslot[] };
  },
  context: ShippingOrderContext,
): Issue[] {
  const out: Issue[] = [];
  if (!context.segments.includes(o.segment)) out.push({ path: ['segment'], key: MESSAGES.invalid });
  const changed = (field: 'pickupDate' | 'deliveryDate') =>
    !context.previous || context.previous[field] !== (o[field] ?? null);
  if (o.pickupDate && changed('pickupDate') && !notBeforeToday(o.pickupDate, context.now)) {
    out.push({ path: ['pickupDate'], key: MESSAGES.notBeforeToday });
  }
  if (changed('deliveryDate') && !notBeforeToday(o.deliveryDate, context.now)) {
    out.push({ path: ['deliveryDate'], key: MESSAGES.notBeforeToday });
  }
  out.push(...timeslotIssues(o.pickupAddress.timeslots, ['pickupAddress', 'timeslots']));
  out.push(...timeslotIssues(o.deliveryAddress.timeslots, ['deliveryAddress', 'timeslots']));
  return out;
}

/**
 * A contact's address as a shipping address (the sender's fills the pickup, the recipient's the delivery): the
 * company (else the person) as its name, the person as its contact when there is a company.
 */
export function shippingAddressOf(
  a: { company?: string; name?: string; street?: string; postcode?: string; city?: string; exciseNumber?: string },
  timeslots: Timeslot[] = [],
): ShippingAddress {
  return {
    name: a.company || a.name || '',
    contact: a.company ? (a.name ?? '') : '',
    street: a.street ?? '',
    postcode: a.postcode ?? '',
    city: a.city ?? '',
    exciseNumber: a.exciseNumber ?? '',
    comment: '',
    timeslots,
  };
}

/** The weight sent with a shipping order: 1.3 times the unit count (spec 2 §3, §9). */
export const shippingWeight = (unitCount: number) => Math.round(unitCount * 1.3 * 100) / 100;

const contactRef = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const shippingOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  statusCode: shippingOrderStatusCode,
  ownerId: z.string(),
  owner: ref.optional(),
  segment: segmentCode,
  warehouseId: z.string(),
  warehouse: warehouseSchema.optional(),
  senderId: z.string().nullable(),
  sender: contactRef.nullable(),
  recipientId: z.string().nullable(),
  recipient: contactRef.nullable(),
  pickupAddress: shippingAddressSchema.optional(),
  deliveryAddress: shippingAddressSchema.optional(),
  palletCount: z.number().int(),
  parcelCount: z.number().int().nullable(),
  unitCount: z.number().int(),
  weight: z.number(),
  pickupDate: z.string().nullable(),
  deliveryDate: z.string(),
  pickedupAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  tracking: z.string().nullable(),
  /** Who booked it and who last changed it, with who acted as them; null for one older than the record. */
  createdBy: authorSchema.nullable(),
  updatedBy: authorSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ShippingOrder = z.infer<typeof shippingOrderSchema>;

/** What the search finds a shipping order by: its reference, tracking, and both addresses' names and cities. */
export const shippingOrderWords = (o: {
  reference: string;
  tracking?: string | null;
  pickupAddress?: { name: string; city: string };
  deliveryAddress?: { name: string; city: string };
}) =>
  searchWords(
    o.reference,
    o.tracking,
    o.pickupAddress?.name,
    o.pickupAddress?.city,
    o.deliveryAddress?.name,
    o.deliveryAddress?.city,
  );
