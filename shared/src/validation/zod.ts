/** zod building blocks that carry the validators' message keys, so server 422s and forms say the same thing. */
import * as z from 'zod';
import { isEmail, isPhone, MESSAGES, maxLength, WHOLE_NUMBER } from './validators';

export const requiredString = (max?: number) => {
  const base = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });
  return max ? base.max(max, { error: MESSAGES.maxLength }) : base;
};

/** Optional text: empty becomes undefined-equivalent '' and passes. */
export const optionalString = (max?: number) =>
  z
    .string()
    .trim()
    .refine((v) => max === undefined || maxLength(v, max), { error: MESSAGES.maxLength, params: { max } })
    .optional()
    .default('');

/** A field of a change's body: optional, without the default a new record takes (absent means unchanged). */
type Change<S> = z.ZodOptional<S extends z.ZodDefault<infer Inner extends z.ZodType> ? Inner : S & z.ZodType>;

/**
 * The body of a change, from the fields of a new record: each one optional and without its default, so that a
 * field left out keeps its stored value. The fields' rules stay theirs: one list serves both bodies.
 */
export function changesOf<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: Change<S[K]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [k, (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : s).optional()]),
  ) as { [K in keyof S]: Change<S[K]> };
}

export const emailField = z.string().trim().refine(isEmail, { error: MESSAGES.email }).optional().default('');

export const requiredEmail = requiredString(255).refine(isEmail, { error: MESSAGES.email });

export const phoneField = z.string().trim().refine(isPhone, { error: MESSAGES.phone }).optional().default('');

export const id = z.string().min(1).max(64);
export const isoDate = z.iso.date({ error: MESSAGES.invalid });
export const isoDateTime = z.iso.datetime({ offset: true, error: MESSAGES.invalid });

/**
 * A whole number from `min` to `max` in a body: a JSON number, or a string of digits. Other strings ("0x10",
 * "1e3", "") are refused, never read as another number as z.coerce.number() would (16, 1000, 0).
 */
export const wholeNumber = (min: number, max: number) =>
  z
    .union(
      [
        // Bounded by the pipe below, with its message; the bounds are said here too for the published document,
        // which describes what a caller sends.
        z.number().meta({ minimum: min, maximum: max }),
        z.string().regex(WHOLE_NUMBER, { error: MESSAGES.integer }),
      ],
      { error: MESSAGES.integer },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int({ error: MESSAGES.integer })
        .refine((n) => n >= min && n <= max, { error: MESSAGES.between, params: { min, max }, abort: true })
        // The same bounds as zod's own checks, where the published document reads them (the message says them).
        .min(min)
        .max(max),
    );

/** Adds a custom issue with a message key and its values. */
export function issue(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  key: string,
  params?: Record<string, string | number>,
) {
  ctx.addIssue({ code: 'custom', message: key, path, params });
}
