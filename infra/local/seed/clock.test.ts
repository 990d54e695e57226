import { clock } from '@cellar/shared/common/clock';
import { todayIn } from '@cellar/shared/common/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { atInstant, systemClock } from './clock';
import { monthBefore } from './history';

afterEach(systemClock);

const PAST = Date.parse('2025-12-03T09:30:00Z');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('atInstant', () => {
  it('sets the product’s clock, and its days, for the work it runs, moving on as time passes', async () => {
    const read = await atInstant(PAST, async () => {
      const first = clock.now().getTime();
      await pause(20);
      return { first, later: clock.now().getTime(), iso: clock.iso(), today: todayIn() };
    });
    expect(read.first - PAST).toBeGreaterThanOrEqual(0);
    expect(read.first - PAST).toBeLessThan(1_000);
    expect(read.later).toBeGreaterThan(read.first);
    expect(read.iso.slice(0, 10)).toBe('2025-12-03');
    expect(read.today).toBe('2025-12-03');
  });

  it('leaves the system’s time to what runs beside it, and to what follows', async () => {
    let beside = 0;
    await Promise.all([
      atInstant(PAST, () => pause(30)),
      (async () => {
        await pause(10);
        beside = clock.now().getTime();
      })(),
    ]);
    expect(Math.abs(beside - Date.now())).toBeLessThan(1_000);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('nests: the inner instant holds inside, the outer one again after', async () => {
    const later = PAST + 2 * 86_400_000;
    const seen = await atInstant(PAST, async () => {
      const inner = await atInstant(later, async () => clock.iso());
      return { inner, after: clock.iso() };
    });
    expect(seen.inner.slice(0, 10)).toBe('2025-12-05');
    expect(seen.after.slice(0, 10)).toBe('2025-12-03');
  });
});

describe('monthBefore', () => {
  it('names the first day of a month back, across a year’s turn', () => {
    expect(monthBefore(0, '2026-11-28')).toBe('2026-11-01');
    expect(monthBefore(11, '2026-11-28')).toBe('2025-12-01');
    expect(monthBefore(1, '2026-01-15')).toBe('2025-12-01');
    expect(monthBefore(12, '2026-01-15')).toBe('2025-01-01');
  });
});
