/**
 * What the sign-in form sends: apart from the session's other schemas, which bring the users' and companies', so
 * that the SPA's first load (which holds the sign-in page) builds no more schemas than this one.
 */
import * as z from 'zod';
import { requiredEmail, requiredString } from '../validation/zod';

export const credentialsSchema = z.object({
  email: requiredEmail,
  password: requiredString(200),
});

export type Credentials = z.infer<typeof credentialsSchema>;
