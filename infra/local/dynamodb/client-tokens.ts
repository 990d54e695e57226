/**
 * TransactWriteItems' ClientRequestToken, as DynamoDB keeps it: a token is valid for 10 minutes after the request
 * that used it completed; within that window the same request again succeeds without being applied again, and the
 * same token with other parameters is an IdempotentParameterMismatchException. A token whose request is still
 * running is a TransactionInProgressException. Only a transaction that was applied is remembered: one that was
 * cancelled changed nothing, and sent again it runs again.
 *
 * Kept in memory (a restarted emulator forgets its tokens), bounded: expired tokens are dropped as others arrive,
 * and beyond `maxTokens` the oldest go first. (The SDK gives every TransactWriteItems a token of its own when the
 * caller does not, so most transactions leave one here.)
 */
import { createHash } from 'node:crypto';

export const TOKEN_TTL_MS = 10 * 60 * 1000;

export type TokenVerdict = 'new' | 'replay' | 'mismatch' | 'in-progress';

export class ClientTokens {
  /** Completed requests by token, in the order they completed (a Map keeps insertion order). */
  private readonly completed = new Map<string, { fingerprint: string; at: number }>();
  private readonly running = new Set<string>();

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs = TOKEN_TTL_MS,
    private readonly maxTokens = 100_000,
  ) {}

  /** How a request carrying `token` and parameters `fingerprint` is to be answered. */
  check(token: string, fingerprint: string): TokenVerdict {
    this.expire();
    if (this.running.has(token)) return 'in-progress';
    const seen = this.completed.get(token);
    if (!seen) return 'new';
    return seen.fingerprint === fingerprint ? 'replay' : 'mismatch';
  }

  start(token: string) {
    this.running.add(token);
  }

  /** The request ended; `applied` when its transaction was written. */
  finish(token: string, fingerprint: string, applied: boolean) {
    this.running.delete(token);
    if (!applied) return;
    this.completed.delete(token);
    this.completed.set(token, { fingerprint, at: this.clock() });
    while (this.completed.size > this.maxTokens) {
      const oldest = this.completed.keys().next().value as string;
      this.completed.delete(oldest);
    }
  }

  get size() {
    return this.completed.size;
  }

  private expire() {
    const now = this.clock();
    for (const [token, { at }] of this.completed) {
      if (now - at < this.ttlMs) break;
      this.completed.delete(token);
    }
  }
}

/**
 * The request's parameters other than its token, in a form that does not depend on the order of its members,
 * hashed: a remembered token holds 32 bytes, not its request's megabytes.
 */
export function fingerprint(request: Record<string, unknown>): string {
  const { ClientRequestToken: _, ...rest } = request;
  return createHash('sha256').update(canonical(rest)).digest('base64');
}

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
