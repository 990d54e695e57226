/**
 * The API's error family. Every failure that reaches a client is one of these; anything else becomes a
 * generic 500 whose details go to the log only. `key` is a shared message key translated per request.
 */
export declare class HttpError extends Error {
  readonly status: number;
  readonly key: string;
  readonly errors?: Record<string, string[]> | undefined;
  /** A message already worded for the client, used instead of the key's translation. */
  readonly text?: string | undefined;
  constructor(
    status: number,
    key: string,
    errors?: Record<string, string[]> | undefined,
    /** A message already worded for the client, used instead of the key's translation. */
    text?: string | undefined,
  );
  /** 4xx messages reach the client; 5xx are replaced by a generic one. */
  get expose(): boolean;
}
export declare class ValidationError extends HttpError {
  constructor(errors: Record<string, string[]>);
}
export declare class UnauthorizedError extends HttpError {
  constructor(key?: string);
}
export declare class ForbiddenError extends HttpError {
  constructor();
}
/** Also what a caller gets for another tenant's id: it does not exist for them. */
export declare class NotFoundError extends HttpError {
  constructor();
}
export declare class ConflictError extends HttpError {
  constructor(errors?: Record<string, string[]>);
}
export declare class PayloadTooLargeError extends HttpError {
  constructor();
}
/** DynamoDB's failed condition, translated at the data boundary. */
export declare const isConditionFailed: (e: unknown) => boolean;
