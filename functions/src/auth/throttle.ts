/**
 * Sign-in throttling that holds under parallel guessing. Every attempt takes a slot *before* its password is
 * checked (an atomic `ADD` under a condition), so 200 guesses sent at once still try at most `max` passwords:
 * the others find the slots taken and get the 429. Two gates, each its own item:
 * - the account (its e-mail): 5 attempts, then a lock that backs off — 2, 5, 15, 30, then 60 minutes for
 *   locks that follow one another within a day — so that an attacker cannot keep an owner out for long, and the
 *   owner lifts it at once with a reset link;
 * - the source (its IP): 30 failed attempts within 15 minutes, over any number of accounts, then 15 minutes out.
 * A success frees the slot it took (the account's whole record: its owner is back). Reset e-mails are counted the
 * same way, per address and per source (`countResetRequest`).
 */

import { keys } from '../data/keys';
import { deleteItem, getItem, type Key, updateIf, updateReturning } from '../data/table';
import { TooManyRequestsError } from '../errors';

interface Gate {
  key: Key;
  /** Attempts allowed within the window. */
  max: number;
  /** How long the n-th lock in a row lasts (n from 0); without it a full gate opens when its window ends. */
  lockSeconds?: (strikes: number) => number;
  /** The refusal's message (its `minutes` value says how long to wait). */
  message: string;
}

interface GateItem {
  failures?: number;
  firstAt?: number;
  lockedUntil?: number;
  strikes?: number;
}

const WINDOW_S = 15 * 60;
/** Locks within a day of the previous one back off; after a quiet day they start short again. */
const STRIKE_MEMORY_S = 24 * 3600;
const ACCOUNT_LOCKS_MIN = [2, 5, 15, 30, 60];

const MAX_FAILURES = 5;
const MAX_SOURCE_FAILURES = 30;

/** Reset e-mails: 3 per address and 10 per source within 15 minutes, whether the address has an account or not. */
const MAX_RESETS_PER_ADDRESS = 3;
const MAX_RESETS_PER_SOURCE = 10;

const accountGate = (email: string): Gate => ({
  key: keys.loginThrottle(email),
  max: MAX_FAILURES,
  lockSeconds: (n) => 60 * (ACCOUNT_LOCKS_MIN[Math.min(n, ACCOUNT_LOCKS_MIN.length - 1)] ?? 60),
  message: 'api.too_many_attempts',
});
const sourceGate = (ip: string): Gate => ({
  key: keys.loginThrottle(`ip:${ip}`),
  max: MAX_SOURCE_FAILURES,
  lockSeconds: () => WINDOW_S,
  message: 'api.too_many_attempts',
});

const now = () => Math.floor(Date.now() / 1000);

const refusal = (gate: Gate, seconds: number) =>
  new TooManyRequestsError(gate.message, { minutes: Math.max(1, Math.ceil(seconds / 60)) }, seconds);

/** Takes one of the gate's slots, or refuses with how long to wait. Answers the slot's number (1…max). */
async function take(gate: Gate): Promise<number> {
  for (let round = 0; round < 4; round++) {
    const t = now();
    const taken = await updateReturning<GateItem>(gate.key, {
      update: 'SET firstAt = if_not_exists(firstAt, :now), #ttl = :ttl ADD failures :one',
      condition:
        '(attribute_not_exists(failures) OR (failures < :max AND firstAt > :windowStart)) AND ' +
        '(attribute_not_exists(lockedUntil) OR lockedUntil <= :now)',
      names: { '#ttl': 'ttl' },
      values: { ':now': t, ':one': 1, ':max': gate.max, ':windowStart': t - WINDOW_S, ':ttl': t + STRIKE_MEMORY_S },
    });
    if (taken) return taken.failures ?? 1;
    const item = await getItem<GateItem>(gate.key);
    if (!item) continue;
    if (item.lockedUntil && item.lockedUntil > t) throw refusal(gate, item.lockedUntil - t);
    const windowEnd = (item.firstAt ?? 0) + WINDOW_S;
    const lockOver = item.lockedUntil !== undefined && item.lockedUntil <= t;
    if (windowEnd > t && !lockOver) {
      // Every slot is taken: by attempts still in flight (their answer decides whether a lock follows), or, for a
      // gate without locks, by the window's attempts.
      throw refusal(gate, gate.lockSeconds ? gate.lockSeconds(item.strikes ?? 0) : windowEnd - t);
    }
    // The window or the lock is over: start a new window (once, whoever of the racing attempts gets there first).
    await updateIf(gate.key, {
      update: 'SET failures = :zero, firstAt = :now REMOVE lockedUntil',
      condition: 'firstAt = :seenFirstAt AND failures = :seenFailures',
      values: { ':zero': 0, ':now': t, ':seenFirstAt': item.firstAt ?? 0, ':seenFailures': item.failures ?? 0 },
    });
  }
  throw refusal(gate, WINDOW_S);
}

/** The attempt in the last slot failed: lock the gate, longer for each lock that follows another within a day. */
async function lock(gate: Gate): Promise<void> {
  if (!gate.lockSeconds) return;
  const item = await getItem<GateItem>(gate.key);
  const t = now();
  const seconds = gate.lockSeconds(item?.strikes ?? 0);
  await updateIf(gate.key, {
    update: 'SET lockedUntil = :until, #ttl = :ttl ADD strikes :one',
    condition: 'attribute_not_exists(lockedUntil) OR lockedUntil <= :now',
    names: { '#ttl': 'ttl' },
    values: { ':until': t + seconds, ':now': t, ':one': 1, ':ttl': t + seconds + STRIKE_MEMORY_S },
  });
}

/** A sign-in attempt holding its slots: tell it how the password check went. */
export interface Attempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Reserves an attempt at an e-mail from a source, before any password is checked; refuses with 429 when either
 * gate is closed. The source's slot is given back when the account's gate refuses (no password was tried).
 */
export async function beginAttempt(email: string, sourceIp: string): Promise<Attempt> {
  const account = accountGate(email);
  const source = sourceIp ? sourceGate(sourceIp) : undefined;
  const sourceSlot = source ? await take(source) : 0;
  let accountSlot: number;
  try {
    accountSlot = await take(account);
  } catch (e) {
    if (source) await release(source);
    throw e;
  }
  return {
    async succeeded() {
      await clearFailures(email);
      if (source) await release(source);
    },
    async failed() {
      if (accountSlot >= account.max) await lock(account);
      if (source && sourceSlot >= source.max) await lock(source);
    },
  };
}

/**
 * Counts a reset e-mail asked for an address from a source, refusing with 429 past 3 per address or 10 per source
 * within 15 minutes — for any address, so that the refusal tells nothing about which have an account.
 */
export async function countResetRequest(email: string, sourceIp: string): Promise<void> {
  const message = 'api.too_many_reset_requests';
  if (sourceIp) await take({ key: keys.resetThrottle(`ip:${sourceIp}`), max: MAX_RESETS_PER_SOURCE, message });
  await take({ key: keys.resetThrottle(email), max: MAX_RESETS_PER_ADDRESS, message });
}

/** Gives a slot back (a success, or an attempt that tried no password). */
const release = (gate: Gate) =>
  updateIf(gate.key, {
    update: 'ADD failures :minus',
    condition: 'failures > :zero',
    values: { ':minus': -1, ':zero': 0 },
  });

/** The account's owner is back (a successful sign-in, a reset link used): its failures and locks are forgotten. */
export async function clearFailures(email: string): Promise<void> {
  await deleteItem(accountGate(email).key);
}
