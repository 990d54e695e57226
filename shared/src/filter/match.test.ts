import { describe, expect, it } from 'vitest';
import { matchesCondition } from './match';
import type { Condition } from './query';

const at = (date: string) => ({ date });
const cond = (op: Condition['op'], ...values: string[]): Condition => ({ field: 'date', op, values });

describe('an instant compared with days is its Paris day', () => {
  // 23:30 UTC on 31 January is 00:30 on 1 February in Paris (winter, UTC+1).
  const lateEvening = at('2026-01-31T23:30:00.000Z');

  it('belongs to the next day when Paris is already there', () => {
    expect(matchesCondition(lateEvening, cond('bt', '2026-02-01', '2026-02-28'))).toBe(true);
    expect(matchesCondition(lateEvening, cond('bt', '2026-01-01', '2026-01-31'))).toBe(false);
    expect(matchesCondition(lateEvening, cond('eq', '2026-02-01'))).toBe(true);
    expect(matchesCondition(lateEvening, cond('le', '2026-01-31'))).toBe(false);
    expect(matchesCondition(lateEvening, cond('ge', '2026-02-01'))).toBe(true);
    expect(matchesCondition(lateEvening, cond('gt', '2026-01-31'))).toBe(true);
    expect(matchesCondition(lateEvening, cond('lt', '2026-02-01'))).toBe(false);
  });

  it('follows summer time (UTC+2)', () => {
    expect(matchesCondition(at('2026-07-14T22:30:00.000Z'), cond('eq', '2026-07-15'))).toBe(true);
    expect(matchesCondition(at('2026-07-14T21:30:00.000Z'), cond('eq', '2026-07-14'))).toBe(true);
  });

  it('leaves days compared with days, and instants compared with instants, as they are', () => {
    expect(matchesCondition(at('2026-01-31'), cond('le', '2026-01-31'))).toBe(true);
    expect(matchesCondition(lateEvening, cond('le', '2026-01-31T23:00:00.000Z'))).toBe(false);
    expect(matchesCondition(lateEvening, cond('ge', '2026-01-31T23:00:00.000Z'))).toBe(true);
  });
});
