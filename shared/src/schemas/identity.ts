/** Users, companies and the sign-in payloads (spec 1 §3, §5, §7). */
import { z } from 'zod';
import { MODULE_SCOPES, ROLE_SLUGS } from '../auth/roles';
import { isStrongPassword, MESSAGES, PASSWORD_MIN_LENGTH } from '../validation/validators';
import { id, requiredEmail, requiredString } from '../validation/zod';
import { addressFields, checkAddress } from './address';
import { segmentCode, segmentSchema, serviceSchema, warehouseSchema } from './common';

export const roleSlug = z.enum(ROLE_SLUGS as [string, ...string[]], { error: 'Error role is undefined' });
export const scopeGrant = z.enum([...MODULE_SCOPES, '*'], { error: MESSAGES.invalid });
export const NOTIFICATION_CHANNELS = ['mail', 'push'] as const;
export const notificationChannel = z.enum(NOTIFICATION_CHANNELS);
export const localeSchema = z.string().regex(/^(fr|en)-[A-Z]{2}$/, { error: MESSAGES.invalid });
export const DEFAULT_LOCALE = 'fr-FR';
/** language-country, the country taken from the company address. */
export const localeFor = (language: string | undefined, country: string | undefined) =>
  `${language === 'en' ? 'en' : 'fr'}-${(country || 'FR').toUpperCase()}`;

export const credentialsSchema = z.object({
  email: requiredEmail,
  password: requiredString(200),
});
export type Credentials = z.infer<typeof credentialsSchema>;
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});

export const companyRefSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: addressFields.optional(),
  segments: z.array(segmentSchema).optional(),
  warehouses: z.array(warehouseSchema).optional(),
  isPooledActivity: z.boolean().optional(),
  isTopAgent: z.boolean().optional(),
  isCertifiedOrganic: z.boolean().optional(),
});

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

export const companySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: addressFields,
  warehouseIds: z.array(z.string()),
  warehouses: z.array(warehouseSchema).optional(),
  segments: z.array(segmentSchema),
  carriers: z
    .array(z.object({ carrierId: z.string(), service: serviceSchema, segment: segmentCode.nullable() }))
    .optional(),
  permissions: z.object({ contacts: z.array(z.string()), services: z.array(z.string()) }).optional(),
  scope: z.array(z.string()),
  isPooledActivity: z.boolean(),
  isTopAgent: z.boolean(),
  isCertifiedOrganic: z.boolean(),
  active: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

export const companyInputSchema = z
  .object({
    code: requiredString(32),
    name: requiredString(100),
    address: addressFields,
    warehouseIds: z.array(id).min(1, { error: MESSAGES.required }),
    segments: z.array(segmentCode).min(1, { error: MESSAGES.required }),
    isPooledActivity: z.boolean().default(false),
    isTopAgent: z.boolean().default(false),
    isCertifiedOrganic: z.boolean().default(false),
    scope: z.array(scopeGrant).default([]),
    active: z.boolean().default(true),
    /** Carrier contacts the company may use (its `contacts` permissions); absent keeps them as they are. */
    carrierIds: z.array(id).max(200).optional(),
  })
  .superRefine((c, ctx) => checkAddress(c.address, ctx, ['address']));

/** A new password and its confirmation: equal, and strong enough. */
const newPassword = <T extends { email: string; password: string; password_confirmation: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (!isStrongPassword(v.password, v.email)) {
    ctx.addIssue({
      code: 'custom',
      message: MESSAGES.passwordWeak,
      path: ['password'],
      params: { min: PASSWORD_MIN_LENGTH },
    });
  }
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.samePassword, path: ['password_confirmation'] });
  }
};

export const passwordResetSchema = z
  .object({
    email: requiredEmail,
    token: requiredString(200),
    password: requiredString(200),
    password_confirmation: requiredString(200),
  })
  .superRefine(newPassword);
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const passwordEmailSchema = z.object({ email: requiredEmail });

/** PUT /api/auth/user: the settings form (spec 1 §2 Settings). */
export const selfUpdateSchema = z.object({
  firstname: requiredString(100),
  lastname: requiredString(100),
  email: requiredEmail,
  locale: localeSchema.optional(),
  notificationChannels: z.array(notificationChannel).optional(),
});
export type SelfUpdate = z.infer<typeof selfUpdateSchema>;
/** The body the API takes: the settings form, or a part of it (the language switch sends only the locale). */
export const selfUpdateBodySchema = selfUpdateSchema.partial();
export type SelfUpdateBody = z.infer<typeof selfUpdateBodySchema>;

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
export type CompanyInput = z.infer<typeof companyInputSchema>;

/** What a permission of a company names: a carrier contact, or one service of a carrier. */
export const PERMISSION_TYPES = ['contacts', 'services'] as const;
export const permissionType = z.enum(PERMISSION_TYPES);
/** A service permission's target: `<carrierId>:<serviceCode>`. */
export const serviceTarget = (carrierId: string, serviceCode: string) => `${carrierId}:${serviceCode}`;
