/** Sign-in, password links and one's own account (spec 1 §3, §7). */
import * as z from 'zod';
import { localeSchema, NOTIFIED_EVENTS, notificationChannel, notifiedEvent } from '../users/schemas';
import { isStrongPassword, MESSAGES, PASSWORD_MIN_LENGTH } from '../validation/validators';
import { requiredEmail, requiredString } from '../validation/zod';

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});

/** A new password and its confirmation: equal, and strong enough. */
const newPassword = <T extends { email?: string; password: string; password_confirmation: string }>(
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

/**
 * PUT /api/auth/password: one's own password, changed by giving the current one. The server also holds the new
 * one against the account's e-mail and the common passwords, and ends the user's other sessions.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: requiredString(200),
    password: requiredString(200),
    password_confirmation: requiredString(200),
  })
  .superRefine(newPassword);

export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordEmailSchema = z.object({ email: requiredEmail });

/** PUT /api/auth/user: the settings form (spec 1 §2 Settings). */
export const selfUpdateSchema = z.object({
  firstname: requiredString(100),
  lastname: requiredString(100),
  email: requiredEmail,
  /** Required to change the sign-in e-mail (the server checks it; refused while acting as another user). */
  currentPassword: z.string().max(200).optional(),
  locale: localeSchema.optional(),
  notificationChannels: z.array(notificationChannel).max(10).optional(),
  notificationEvents: z
    .array(notifiedEvent)
    .max(NOTIFIED_EVENTS.length * 2)
    .optional(),
});

export type SelfUpdate = z.infer<typeof selfUpdateSchema>;

/** The body the API takes: the settings form, or a part of it (the language switch sends only the locale). */
export const selfUpdateBodySchema = selfUpdateSchema.partial();

export type SelfUpdateBody = z.infer<typeof selfUpdateBodySchema>;
