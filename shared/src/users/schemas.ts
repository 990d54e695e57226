/** Users, their roles, scopes and locale (spec 1 §3, §5). */
import * as z from 'zod';
import { roleSlug, scopeGrant } from '../access/schemas';
import { companyRefSchema } from '../companies/schemas';
import { searchWords } from '../filter/search';
import { isCode, MESSAGES } from '../validation/validators';
import { id, requiredEmail, requiredString } from '../validation/zod';
import { warehouseSchema } from '../warehouses/schemas';

export const NOTIFICATION_CHANNELS = ['mail', 'push'] as const;

export const notificationChannel = z.enum(NOTIFICATION_CHANNELS);

/**
 * The warehouse's news a user may hear of by e-mail (functions/src/notifications/status-mail.ts), each chosen in
 * the settings; a user who never chose hears of all of them.
 */
export const NOTIFIED_EVENTS = [
  'order.refused',
  'order.preparing',
  'order.shipped',
  'order.cancellation_confirmed',
  'order.cancellation_refused',
  'reception.received',
] as const;
export const notifiedEvent = z.enum(NOTIFIED_EVENTS);
export type NotifiedEvent = z.infer<typeof notifiedEvent>;
export const isNotifiedEvent = (event: string): event is NotifiedEvent =>
  (NOTIFIED_EVENTS as readonly string[]).includes(event);
/** The news a user chose, in their order; all of them for a user who never chose (`undefined`). */
export const chosenEvents = (chosen: readonly string[] | undefined): NotifiedEvent[] =>
  chosen ? NOTIFIED_EVENTS.filter((e) => chosen.includes(e)) : [...NOTIFIED_EVENTS];

export const localeSchema = z.string().regex(/^(fr|en)-[A-Z]{2}$/, { error: MESSAGES.invalid });

export const DEFAULT_LOCALE = 'fr-FR';

/** language-country, the country taken from the company address. */
export const localeFor = (language: string | undefined, country: string | undefined) =>
  `${language === 'en' ? 'en' : 'fr'}-${(country || 'FR').toUpperCase()}`;

export const userSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSlug,
  roleLevel: z.number(),
  active: z.boolean(),
  locale: z.string(),
  companyId: z.string(),
  company: companyRefSchema.optional(),
  notificationChannels: z.array(notificationChannel),
  /** The news the user hears of by e-mail, when e-mail is among its channels. */
  notificationEvents: z.array(notifiedEvent),
  warehouseIds: z.array(z.string()),
  warehouses: z.array(warehouseSchema).optional(),
  scope: z.array(z.string()),
  children: z
    .array(
      z.object({
        id: z.string(),
        email: z.string(),
        company: companyRefSchema.pick({ id: true, code: true, name: true }),
      }),
    )
    .optional(),
  createdAt: z.string().optional(),
  /** Set while impersonating: who is really acting. */
  impersonatedBy: z.string().optional(),
});

export type User = z.infer<typeof userSchema>;

export const userCreateSchema = z
  .object({
    companyId: id.optional(),
    lastname: requiredString(100),
    firstname: requiredString(100),
    email: requiredEmail,
    email_confirmation: requiredEmail,
    role: roleSlug,
    warehouseIds: z.array(id).min(1, { error: MESSAGES.required }),
    scope: z.array(scopeGrant).default([]),
  })
  .refine((u) => u.email === u.email_confirmation, { error: MESSAGES.sameEmail, path: ['email_confirmation'] });

/** PUT /api/users/{id}: the edit modal (children for the superadmin only). */
export const userUpdateSchema = z.object({
  lastname: requiredString(100),
  firstname: requiredString(100),
  role: roleSlug,
  warehouseIds: z.array(id).min(1, { error: MESSAGES.required }),
  scope: z.array(scopeGrant).default([]),
  active: z.boolean().optional(),
  locale: localeSchema.optional(),
  childIds: z.array(id).max(200).optional(),
});

export type UserUpdate = z.infer<typeof userUpdateSchema>;

export type UserCreate = z.infer<typeof userCreateSchema>;

/** What the user search finds a user by: first and last name, e-mail and company code (word beginnings). */
export const userWords = (u: { firstname: string; lastname: string; email: string; companyCode: string }) =>
  searchWords(u.firstname, u.lastname, u.email, u.companyCode);

const codeField = requiredString(32).refine(isCode, { error: MESSAGES.code });

/**
 * The first superadmin of a new stage (infra/ops/first-superadmin.ts): the person, the provider's company they belong
 * to and its warehouses, which nothing else creates. No password: the person chooses it from the e-mailed link.
 */
export const firstSuperadminSchema = z.object({
  email: requiredEmail,
  firstname: requiredString(100),
  lastname: requiredString(100),
  language: z.enum(['fr', 'en']).default('fr'),
  company: z.object({
    code: codeField,
    name: requiredString(100),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: MESSAGES.invalid })
      .default('FR'),
  }),
  warehouses: z
    .array(z.object({ code: codeField, name: requiredString(100) }))
    .min(1, { error: MESSAGES.required })
    .max(50),
});

export type FirstSuperadmin = z.input<typeof firstSuperadminSchema>;
