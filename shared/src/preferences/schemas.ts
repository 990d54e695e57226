/** Grid preferences: a user's columns per list (spec 1 §3). */
import * as z from 'zod';

export const PREFERENCE_SLUGS = [
  'bill',
  'client-user',
  'document',
  'order',
  'shipping-order',
  'reception',
  'product',
  'stock',
  'stock-movement',
  'user',
  'company',
  'carrier',
  'supplier',
  'recipient',
  'orderPacking',
] as const;

export const preferenceSlug = z.enum(PREFERENCE_SLUGS);

export type PreferenceSlug = z.infer<typeof preferenceSlug>;

const columnId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.]+$/);

/** The body never carries the placeholder value '1' (spec 1 §7). */
export const preferenceInputSchema = z.object({
  columns: z
    .array(columnId)
    .max(100)
    .transform((cols) => cols.filter((c) => c !== '1')),
});

export const preferenceSchema = z.object({ slug: preferenceSlug, columns: z.array(z.string()) });

export type Preference = z.infer<typeof preferenceSchema>;
