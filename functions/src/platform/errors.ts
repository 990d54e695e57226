/**
 * The API's error family. Every failure that reaches a client is one of these; anything else becomes a
 * generic 500 whose details go to the log only. `key` is a shared message key translated per request.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly errors?: Record<string, string[]>,
    /** A message already worded for the client, used instead of the key's translation. */
    readonly text?: string,
    /** Values interpolated into the key's translation. */
    readonly values?: Record<string, string | number>,
  ) {
    super(text ?? key);
    this.name = 'HttpError';
  }
  /** 4xx messages reach the client; 5xx are replaced by a generic one. */
  get expose(): boolean {
    return this.status < 500;
  }
}

export class ValidationError extends HttpError {
  constructor(errors: Record<string, string[]>) {
    super(422, 'api.invalid_data', errors);
    this.name = 'ValidationError';
  }
}
export class UnauthorizedError extends HttpError {
  constructor(key = 'api.unauthenticated') {
    super(401, key);
    this.name = 'UnauthorizedError';
  }
}
export class ForbiddenError extends HttpError {
  constructor() {
    super(403, 'api.forbidden');
    this.name = 'ForbiddenError';
  }
}
/** Also what a caller gets for another tenant's id: it does not exist for them. */
export class NotFoundError extends HttpError {
  constructor() {
    super(404, 'api.not_found');
    this.name = 'NotFoundError';
  }
}
export class ConflictError extends HttpError {
  constructor(errors?: Record<string, string[]>) {
    super(409, 'api.conflict', errors);
    this.name = 'ConflictError';
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor() {
    super(413, 'api.too_large');
    this.name = 'PayloadTooLargeError';
  }
}

/** DynamoDB's failed condition, translated at the data boundary. */
export const isConditionFailed = (e: unknown): boolean =>
  e instanceof Error && e.name === 'ConditionalCheckFailedException';

export class TooManyRequestsError extends HttpError {
  constructor(key: string, values: Record<string, string | number>) {
    super(429, key, undefined, undefined, values);
    this.name = 'TooManyRequestsError';
  }
}
