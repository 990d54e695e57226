/** Activity logs: page views behind the statistics (spec 1 §3). */
import * as z from 'zod';
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
