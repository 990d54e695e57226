/**
 * The demo's history, written at the instants it belongs to: within `atInstant(t, work)`, the product's clock
 * (shared/common/clock.ts) reads `t` plus the time `work` has taken so far, and outside it the system's time, even
 * while `work` runs (each call keeps its own instant: AsyncLocalStorage). Local seed only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readClockFrom } from '@cellar/shared/common/clock';

const offset = new AsyncLocalStorage<number>();

/** Runs `work` with the product's clock at `instant` (ms), moving on from there as time passes. */
export async function atInstant<T>(instant: number, work: () => Promise<T>): Promise<T> {
  readClockFrom(() => Date.now() + (offset.getStore() ?? 0));
  return offset.run(instant - Date.now(), work);
}

/** Puts the system's clock back (the end of the seed). */
export const systemClock = () => readClockFrom(Date.now);
