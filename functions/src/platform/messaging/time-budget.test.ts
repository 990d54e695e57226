import { describe, expect, it } from 'vitest';
import { timeBudget } from './time-budget';

/** A context whose remaining time is what the test says. */
const clock = (remaining: number) => {
  const state = { remaining };
  return { state, context: { getRemainingTimeInMillis: () => state.remaining } };
};

describe('Method: timeBudget', () => {
  it('always runs the first step, however little is left', () => {
    const { context } = clock(0);
    expect(timeBudget(context).allowsAnother()).toBe(true);
  });

  it('runs another step while twice the longest step and the margin fit', async () => {
    // Prepare: 100 s at the start, so a margin of 10 s.
    const { state, context } = clock(100_000);
    const budget = timeBudget(context);
    // Act
    await budget.step(() => new Promise((ok) => setTimeout(ok, 50)));
    // Assess: the longest step took 50 ms or more (and surely less than a second).
    state.remaining = 12_000;
    expect(budget.allowsAnother()).toBe(true);
    state.remaining = 10_050;
    expect(budget.allowsAnother()).toBe(false);
  });

  it('keeps a tenth of a short invocation as its margin', async () => {
    const { state, context } = clock(1_000);
    const budget = timeBudget(context);
    await budget.step(async () => undefined);
    state.remaining = 120;
    expect(budget.allowsAnother()).toBe(true);
    state.remaining = 90;
    expect(budget.allowsAnother()).toBe(false);
  });
});
