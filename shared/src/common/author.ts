/**
 * Who made (or last changed) a document, as the document keeps it: the user it was done as (whose document it is),
 * and, while someone acted as that user (a superadmin, the parent account), who really did. Apart from the
 * timeline's schemas, so that a document's schema does not carry them.
 */
import * as z from 'zod';

export const authorSchema = z.object({
  id: z.string(),
  /** The name as it was then. */
  name: z.string(),
  actingFor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Author = z.infer<typeof authorSchema>;
