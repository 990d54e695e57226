/**
 * The errors of the domain: what went wrong, as a shared message key with its values (and, for invalid input, the
 * messages of each field), never a status code nor a worded text. The edges word them in their reader's language:
 * the HTTP platform for a request (and picks the status there), the workers for a job's record.
 * Anything that is not one of these is a bug: a generic 500 whose details go to the log only.
 *
 * @example throw new InvalidError({ code: [MESSAGES.unique] });   // 422, "code": ["Ce code est déjà utilisé."]
 */
import { type Language, translate } from '@cellar/shared/i18n/messages';

/** A message for a reader: a key of the shared catalogue (or a bare key), and the values it interpolates. */
export type Message = string | { key: string; values?: Record<string, unknown> };
export type FieldMessages = Record<string, Message[]>;

export abstract class DomainError extends Error {
  constructor(
    readonly key: string,
    readonly details: { values?: Record<string, unknown>; fields?: FieldMessages; cause?: unknown } = {},
  ) {
    super(key, { cause: details.cause });
    this.name = new.target.name;
  }
}

/** Input the rules refuse, field by field. */
export class InvalidError extends DomainError {
  constructor(fields: FieldMessages, key = 'api.invalid_data', values?: Record<string, unknown>) {
    super(key, { fields, values });
  }
}
/** No valid credentials or session; the key says which. */
export class UnauthenticatedError extends DomainError {
  constructor(key = 'api.unauthenticated', values?: Record<string, unknown>) {
    super(key, { values });
  }
}
export class ForbiddenError extends DomainError {
  constructor(key = 'api.forbidden') {
    super(key);
  }
}
/** Also what a caller gets for another tenant's id: it does not exist for them. */
export class NotFoundError extends DomainError {
  constructor() {
    super('api.not_found');
  }
}
/** The change clashes with the stored state: a key already taken, a record changed since it was read. */
export class ConflictError extends DomainError {
  constructor(fields?: FieldMessages, cause?: unknown) {
    super('api.conflict', { fields, cause });
  }
}
/** A conditional put found its key taken (the data layer's uniqueness check). */
export class ItemExistsError extends ConflictError {}
/** A versioned write found the record changed since it was read (optimistic locking). */
export class StaleVersionError extends ConflictError {}
/** A request that cannot be read at all (a cut or malformed upload): 400, before any rule applies. */
export class MalformedRequestError extends DomainError {
  constructor(key = 'api.malformed_request') {
    super(key);
  }
}
/** A body in a format the route does not read (anything but JSON). */
export class UnsupportedMediaTypeError extends DomainError {
  constructor() {
    super('api.unsupported_media_type');
  }
}
export class TooLargeError extends DomainError {
  constructor() {
    super('api.too_large');
  }
}
/** Too many attempts: the answer says how long to wait (`Retry-After`, in seconds, when known). */
export class TooManyRequestsError extends DomainError {
  constructor(
    key: string,
    values: Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(key, { values });
  }
}

const word = (lang: Language, m: Message) =>
  typeof m === 'string' ? translate(lang, m) : translate(lang, m.key, m.values);

/** An error worded for a reader: `{ message, errors }` with each field's messages. */
export function describeError(
  error: DomainError,
  lang: Language,
): { message: string; errors?: Record<string, string[]> } {
  const fields = error.details.fields;
  const message = translate(lang, error.key, error.details.values);
  if (!fields || !Object.keys(fields).length) return { message };
  return {
    message,
    errors: Object.fromEntries(
      Object.entries(fields).map(([f, ms]) => [f, [...new Set(ms.map((m) => word(lang, m)))]]),
    ),
  };
}

/**
 * A warehouse report that cannot be applied as it is (a line its document does not have, more than was ordered):
 * its queue keeps it, then its dead-letter queue, whose alarm calls someone.
 */
export class InvalidReportError extends Error {
  override name = 'InvalidReportError';
}
