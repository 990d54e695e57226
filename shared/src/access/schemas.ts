/** The schemas of roles and module scopes, read by the user and company schemas. */
import * as z from 'zod';
import { MESSAGES } from '../validation/validators';
import { MODULE_SCOPES, ROLE_SLUGS } from './roles';

export const roleSlug = z.enum(ROLE_SLUGS as [string, ...string[]], { error: 'Error role is undefined' });

export const scopeGrant = z.enum([...MODULE_SCOPES, '*'], { error: MESSAGES.invalid });
