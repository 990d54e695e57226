/** App updates: the release notes users see (spec 1 §3). */
import * as z from 'zod';
import { requiredString } from '../validation/zod';

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
