/**
 * What is left of a worker's invocation before Lambda stops it, for work done in steps that can be resumed: a step
 * starts only if twice the longest step so far still fits, with a margin for saving the place and asking for a
 * new invocation. The first step of an invocation always runs, so that every invocation makes progress.
 *
 * ```
 * start                                     Lambda stops it
 *   |--step--|----step----|--step--|  ...  |
 *                                  ^ remaining < 2 × longest step + margin: save the place, continue elsewhere
 * ```
 */
import type { Context } from 'aws-lambda';

/** At most this much is kept aside for the checkpoint and the continuation message. */
const MARGIN_MAX_MS = 10_000;
/** Of what the invocation had at its start. */
const MARGIN_SHARE = 0.1;

export interface TimeBudget {
  /** Runs one step, timing it. */
  step<T>(run: () => Promise<T>): Promise<T>;
  /** Whether one more step fits in what is left. */
  allowsAnother(): boolean;
  /** When the invocation ends (epoch ms); undefined for a budget without end. */
  endsAt(): number | undefined;
}

/**
 * How long a run's hold on a job (a lease) outlives its invocation's end, for clocks that differ between
 * containers: past it, the run that held the job is certainly over.
 */
const LEASE_SKEW_MS = 5_000;

/**
 * Until when a run holds the job it claims (epoch ms): its invocation's end (`endsAt`), or, outside an invocation,
 * the worker's whole timeout from now; then the skew between clocks.
 */
export const leaseEnd = (endsAt: number | undefined, workerTimeoutSeconds: number) =>
  (endsAt ?? Date.now() + workerTimeoutSeconds * 1000) + LEASE_SKEW_MS;

/**
 * The budget of the invocation whose context is given (Lambda's, or the local runtime's, which counts down the
 * same way).
 * @example const budget = timeBudget(context); while (more && budget.allowsAnother()) await budget.step(next);
 */
export function timeBudget(context: Pick<Context, 'getRemainingTimeInMillis'>): TimeBudget {
  const margin = Math.min(MARGIN_MAX_MS, context.getRemainingTimeInMillis() * MARGIN_SHARE);
  let steps = 0;
  let longest = 0;
  return {
    async step(run) {
      const started = Date.now();
      try {
        return await run();
      } finally {
        steps += 1;
        longest = Math.max(longest, Date.now() - started);
      }
    },
    allowsAnother: () => steps === 0 || context.getRemainingTimeInMillis() > 2 * longest + margin,
    endsAt: () => Date.now() + context.getRemainingTimeInMillis(),
  };
}

/** A budget that never runs out: for a caller that is not a Lambda invocation (a script, a test). */
export const UNLIMITED: TimeBudget = { step: (run) => run(), allowsAnother: () => true, endsAt: () => undefined };
