import { describe, expect, it } from 'vitest';
import { republishAfter } from './outbox';

describe('an unanswered outbox entry', () => {
  it('is published again after a wait that doubles each time, an hour at most', () => {
    const minute = 60_000;
    expect([1, 2, 3, 4, 5].map((n) => republishAfter(n, minute) / minute)).toEqual([1, 2, 4, 8, 16]);
    expect(republishAfter(30, minute)).toBe(60 * minute);
  });
});
