import { describe, expect, it } from 'vitest';
import { mapBounded, READ_FAN_OUT } from './fan-out';

describe('Function: mapBounded', () => {
  it('keeps the answers in order with never more than its bound in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const read = async (n: number) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, n % 3));
      inFlight--;
      return n * 2;
    };
    const items = Array.from({ length: 500 }, (_, i) => i);
    expect(await mapBounded(items, read)).toEqual(items.map((n) => n * 2));
    expect(most).toBe(READ_FAN_OUT);
    most = 0;
    await mapBounded(items, read, 3);
    expect(most).toBe(3);
  });

  it('fails as Promise.all does, with the first error', async () => {
    await expect(mapBounded([1, 2, 3], async (n) => (n === 2 ? Promise.reject(new Error('two')) : n))).rejects.toThrow(
      'two',
    );
  });
});
