/**
 * The validators of the specs' section 5, each a pure predicate paired with its translated message key.
 * Empty values pass every validator except `required`: emptiness is the job of `required` alone.
 */
export type Message = { key: string; values?: Record<string, string | number> };

export const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const required = (v: unknown): boolean => !isEmpty(v);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (v: string | null | undefined): boolean => isEmpty(v) || EMAIL.test(String(v).trim());

/** Per-country postal code patterns, with the generic fallback for any other country. */
export const POSTCODE_PATTERNS: Record<string, RegExp> = {
  FR: /^\d{2} ?\d{3}$/,
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  DE: /^\d{5}$/,
  JP: /^\d{3}-?\d{4}$|^\d{3,4}$/,
};
export const GENERIC_POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;

export function isPostcode(v: string | null | undefined, country = 'FR'): boolean {
  if (isEmpty(v)) return true;
  const pattern = POSTCODE_PATTERNS[country.toUpperCase()] ?? GENERIC_POSTCODE;
  return pattern.test(String(v).trim());
}

/** Excise number: exactly 13 characters beginning with the country code. */
export const EXCISE_LENGTH = 13;
export function isExcise(v: string | null | undefined, country = 'FR'): boolean {
  if (isEmpty(v)) return true;
  const s = String(v);
  return s.length === EXCISE_LENGTH && s.toUpperCase().startsWith(country.toUpperCase());
}

/** Codes: upper-case letters, digits, hyphen, slash, underscore. */
export const CODE_PATTERN = /^[A-Z0-9\-/_]+$/;
export const isCode = (v: string | null | undefined): boolean => isEmpty(v) || CODE_PATTERN.test(String(v));

/** Luhn checksum over a string of digits. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const SIRET_LENGTH = 14;
/** SIRET: 14 digits and a valid Luhn check. */
export function isSiret(v: string | null | undefined): boolean {
  if (isEmpty(v)) return true;
  const s = String(v);
  return /^\d{14}$/.test(s) && luhn(s);
}

/** Alcohol degree: 1-2 digits, optionally a dot and up to 2 digits. */
export const DEGREE_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;
export const isDegree = (v: string | number | null | undefined): boolean =>
  isEmpty(v) || DEGREE_PATTERN.test(String(v));

export const maxLength = (v: string | null | undefined, max: number): boolean => isEmpty(v) || String(v).length <= max;

/** Characters that downstream warehouse interfaces cannot carry (the specs leave the list open). */
export const FORBIDDEN_PUNCTUATION = /[<>{}[\]\\^`|~;"]/;
export const isAlphanumeric = (v: string | null | undefined): boolean =>
  isEmpty(v) || !FORBIDDEN_PUNCTUATION.test(String(v));

export const isInteger = (v: string | number | null | undefined): boolean =>
  isEmpty(v) || /^-?\d+$/.test(String(v).trim());

/** A whole number as typed: digits only, spaces around them allowed. */
export const WHOLE_NUMBER = /^\s*\d+\s*$/;

/**
 * A whole number as typed, or null: "0x10", "1e3", "7.5", "-2" and "" are not read as numbers (Number() would
 * read "0x10" as 16 and "" as 0).
 * @example parseWholeNumber(' 70 ') // 70; parseWholeNumber('0x10') // null
 */
export function parseWholeNumber(v: string | number | null | undefined): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : null;
  const s = String(v ?? '');
  return WHOLE_NUMBER.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : null;
}

/**
 * Why a typed quantity is refused (not a whole number, or outside its bounds), or null when it is taken as typed.
 * Nothing is clamped or cut: the user sees what they typed and the message that refuses it.
 */
export function wholeNumberIssue(v: string | number | null | undefined, bounds: { min: number; max?: number }) {
  const n = parseWholeNumber(v);
  if (n === null) return { key: MESSAGES.integer } satisfies Message;
  if (bounds.max !== undefined && (n < bounds.min || n > bounds.max)) {
    return {
      key: MESSAGES.between,
      values: { min: bounds.min, max: Math.max(bounds.min, bounds.max) },
    } satisfies Message;
  }
  if (n < bounds.min) return { key: MESSAGES.greaterThan, values: { min: bounds.min - 1 } } satisfies Message;
  return null;
}

export const isGreaterThan = (v: string | number | null | undefined, min: number): boolean =>
  isEmpty(v) || (Number.isFinite(Number(v)) && Number(v) > min);

export const areEqual = (a: unknown, b: unknown): boolean => a === b;

/** International phone numbers: a leading + or 0, then 6 to 15 digits with common separators. */
const PHONE = /^(\+|00|0)[1-9][0-9 .\-()]{5,18}$/;
export const isPhone = (v: string | null | undefined): boolean =>
  isEmpty(v) || (PHONE.test(String(v).trim()) && String(v).replace(/\D/g, '').length <= 15);

/** Passwords: at least 10 characters mixing letters and digits, and not only the e-mail's name. */
export const PASSWORD_MIN_LENGTH = 10;
export function isStrongPassword(password: string | null | undefined, email = ''): boolean {
  const p = String(password ?? '');
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  return (
    p.length >= PASSWORD_MIN_LENGTH &&
    /\p{L}/u.test(p) &&
    /\d/.test(p) &&
    !(local.length >= 4 && p.toLowerCase().includes(local))
  );
}

/** Message keys, shared by the server's 422 answers and the forms. */
export const MESSAGES = {
  required: 'validation.required',
  email: 'validation.email',
  postcode: 'validation.postcode',
  excise: 'validation.excise',
  code: 'validation.code',
  siret: 'validation.siret',
  degree: 'validation.degree',
  maxLength: 'validation.max_length',
  alphanumeric: 'validation.alphanumeric',
  integer: 'validation.integer',
  greaterThan: 'validation.greater_than',
  sameEmail: 'validation.same_email',
  samePassword: 'validation.same_password',
  phone: 'validation.phone',
  format: 'validation.format',
  unique: 'validation.unique',
  invalid: 'validation.invalid',
  between: 'validation.between',
  notBeforeToday: 'validation.not_before_today',
  timeRange: 'validation.time_range',
  timeStep: 'validation.time_step',
  timeOrder: 'validation.time_order',
  dateTimeTogether: 'validation.date_time_together',
  passwordWeak: 'validation.password_weak',
  passwordCommon: 'validation.password_common',
  currentPassword: 'validation.current_password',
  childAccount: 'validation.child_account',
  statsRange: 'validation.stats_range',
  unsafeText: 'validation.unsafe_text',
  notModifiable: 'validation.not_modifiable',
  locked: 'validation.locked',
} as const;

/** Capacity (cl) → default weight (g); the bound is inclusive. Above 4000 cl there is no default. */
export const CAPACITY_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [18.75, 370],
  [37.5, 833],
  [50, 1000],
  [70, 1400],
  [75, 1500],
  [100, 2000],
  [150, 3000],
  [300, 6000],
  [450, 9000],
  [600, 12000],
  [900, 18000],
  [1200, 24000],
  [1500, 30000],
  [1800, 36000],
  [4000, 80000],
];

export function weightForCapacity(cl: number): number | undefined {
  if (!Number.isFinite(cl) || cl <= 0) return undefined;
  return CAPACITY_WEIGHTS.find(([bound]) => cl <= bound)?.[1];
}

const TRUE_TEXT = new Set(['true', 'yes', 'oui', 'on', '1']);
const FALSE_TEXT = new Set(['false', 'no', 'non', 'off', '0']);
/** Boolean cell text (CSV import): undefined when the text is neither. */
export function parseBooleanText(v: string | null | undefined): boolean | undefined {
  const s = String(v ?? '')
    .trim()
    .toLowerCase();
  if (TRUE_TEXT.has(s)) return true;
  if (FALSE_TEXT.has(s)) return false;
  return undefined;
}
