/**
 * The create form's values, the body it sends, and its checks per step (spec 2 §5): the shared schema and rules,
 * each issue given to the step that holds its field.
 */
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { issueKey } from '@cellar/shared/i18n/messages';
import {
  type ShippingAddress,
  shippingOrderCreateSchema,
  shippingOrderIssues,
} from '@cellar/shared/shippingOrders/schemas';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type * as z from 'zod';

export interface ShippingOrderFormValues {
  ownerId: string | null;
  warehouseId: string | null;
  segment: SegmentCode | null;
  reference: string;
  palletCount: number | string;
  parcelCount: number | string;
  unitCount: number | string;
  senderId: string | null;
  pickupAddress: ShippingAddress;
  pickupDate: string | null;
  recipientId: string | null;
  deliveryAddress: ShippingAddress;
  deliveryDate: string | null;
}

export const emptyAddress = (): ShippingAddress => ({
  name: '',
  contact: '',
  street: '',
  postcode: '',
  city: '',
  exciseNumber: '',
  comment: '',
  timeslots: [],
});

export const emptyValues = (): ShippingOrderFormValues => ({
  ownerId: null,
  warehouseId: null,
  segment: null,
  reference: '',
  palletCount: '',
  parcelCount: '',
  unitCount: '',
  senderId: null,
  pickupAddress: emptyAddress(),
  pickupDate: null,
  recipientId: null,
  deliveryAddress: emptyAddress(),
  deliveryDate: null,
});

/** The steps' fields: an issue belongs to the step holding the first part of its path. */
export const STEP_FIELDS: readonly (readonly string[])[] = [
  ['ownerId', 'warehouseId', 'segment', 'reference', 'palletCount', 'parcelCount', 'unitCount'],
  ['senderId', 'pickupAddress', 'pickupDate'],
  ['recipientId', 'deliveryAddress', 'deliveryDate'],
];

/** An empty number field is no number. */
const count = (v: number | string) => (v === '' || v === null ? undefined : Number(v));

/** The body of POST /api/shipping-orders. */
export const bodyOf = (v: ShippingOrderFormValues, superadmin: boolean): z.input<typeof shippingOrderCreateSchema> => ({
  ...(superadmin && v.ownerId ? { ownerId: v.ownerId } : {}),
  warehouseId: v.warehouseId ?? '',
  segment: v.segment as SegmentCode,
  reference: v.reference,
  palletCount: count(v.palletCount) as number,
  parcelCount: count(v.parcelCount) ?? null,
  unitCount: count(v.unitCount) as number,
  senderId: v.senderId,
  pickupAddress: v.pickupAddress,
  pickupDate: v.pickupDate || null,
  recipientId: v.recipientId,
  deliveryAddress: v.deliveryAddress,
  deliveryDate: (v.deliveryDate || undefined) as string,
});

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The form's errors on the given steps (field path → message), from the shared schema and the shared rules that
 * the server applies too.
 */
export function stepErrors(
  v: ShippingOrderFormValues,
  steps: readonly number[],
  context: { superadmin: boolean; segments: readonly SegmentCode[] },
  t: Translate,
): Record<string, string> {
  const fields = new Set(steps.flatMap((s) => STEP_FIELDS[s] ?? []));
  const errors: Record<string, string> = {};
  const put = (path: (string | number)[], key: string, values?: Record<string, unknown>) => {
    const field = path.join('.');
    if (fields.has(String(path[0])) && !errors[field]) errors[field] = t(key, values);
  };
  if (context.superadmin && !v.ownerId) put(['ownerId'], MESSAGES.required);
  const body = bodyOf(v, context.superadmin);
  const parsed = shippingOrderCreateSchema.safeParse(body);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const { key, values } = issueKey(issue);
    put(issue.path as (string | number)[], key, values);
  }
  if (v.segment) {
    const rules = shippingOrderIssues(
      {
        segment: v.segment,
        pickupDate: v.pickupDate,
        deliveryDate: v.deliveryDate ?? '9999-12-31',
        pickupAddress: v.pickupAddress,
        deliveryAddress: v.deliveryAddress,
      },
      { segments: context.segments },
    );
    for (const i of rules) put(i.path, i.key, i.params);
  }
  return errors;
}
