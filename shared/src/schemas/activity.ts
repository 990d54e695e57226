/** Activity logs, app updates and grid preferences (spec 1 §3). */
import { z } from 'zod';
import { requiredString } from '../validation/zod';

export const activityLogSchema = z.object({
  id: z.string(),
  type: z.string(),
  pageName: z.string(),
  createdAt: z.string(),
  user: z.object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    company: z.object({ code: z.string(), name: z.string() }),
  }),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;
export const activityLogInputSchema = z.object({
  userId: z.string().optional(),
  type: z.literal('pageView'),
  pageName: requiredString(100),
});

export const appUpdateSchema = z.object({
  id: z.string(),
  date: z.string(),
  title: z.string(),
  description: z.string(),
});
export type AppUpdate = z.infer<typeof appUpdateSchema>;
export const appUpdateInputSchema = z.object({
  date: z.iso.date({ error: 'validation.required' }),
  title: requiredString(200),
  description: requiredString(5000),
});

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
