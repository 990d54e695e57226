import { describe, expect, it } from 'vitest';
import { madeFor, onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('loads once while what it was made from stays, and again when that changes', async () => {
    let endpoint = 'http://a';
    let loads = 0;
    const client = onFirstUse(
      async () => ({ n: ++loads, endpoint }),
      () => endpoint,
    );
    const first = await client();
    expect(await client()).toBe(first);
    endpoint = 'http://b';
    const second = await client();
    expect(second).toEqual({ n: 2, endpoint: 'http://b' });
    expect(await client()).toBe(second);
  });

  it('loads nothing before its first use, and tries a failed load again', async () => {
    let loads = 0;
    const flaky = onFirstUse(async () => {
      loads += 1;
      if (loads === 1) throw new Error('unreachable');
      return loads;
    });
    expect(loads).toBe(0);
    await expect(flaky()).rejects.toThrow('unreachable');
    expect(await flaky()).toBe(2);
    expect(await flaky()).toBe(2);
  });
});

describe('madeFor', () => {
  it('makes its value once per source', () => {
    let source: string | undefined;
    let made = 0;
    const value = madeFor(
      () => ({ n: ++made }),
      () => source,
    );
    const first = value();
    expect(value()).toBe(first);
    source = 'http://127.0.0.1:4567';
    expect(value()).toEqual({ n: 2 });
    expect(value()).toEqual({ n: 2 });
  });
});
