import { describe, expect, it } from 'vitest';
import { importProgress } from './schemas';

const at = (s: number) => Date.parse('2026-01-01T10:00:00Z') + s * 1000;
const iso = (s: number) => new Date(at(s)).toISOString();

describe('importProgress', () => {
  it('measures rows per second from the worker start and the seconds left at that rate', () => {
    expect(importProgress({ startedAt: iso(0), finishedAt: null, processed: 500, total: 1000 }, at(10))).toEqual({
      rowsPerSecond: 50,
      secondsLeft: 10,
    });
  });

  it('rounds the seconds left up, so a job never says 0 before it ends', () => {
    expect(importProgress({ startedAt: iso(0), finishedAt: null, processed: 3, total: 4 }, at(1)).secondsLeft).toBe(1);
  });

  it('has nothing to say before the worker starts or before a first row', () => {
    const none = { rowsPerSecond: null, secondsLeft: null };
    expect(importProgress({ startedAt: null, finishedAt: null, processed: 0, total: 10 }, at(5))).toEqual(none);
    expect(importProgress({ startedAt: iso(0), finishedAt: null, processed: 0, total: 10 }, at(5))).toEqual(none);
    expect(importProgress({ startedAt: iso(5), finishedAt: null, processed: 1, total: 10 }, at(5))).toEqual(none);
  });

  it('gives a finished job its overall rate and nothing left', () => {
    expect(importProgress({ startedAt: iso(0), finishedAt: iso(4), processed: 100, total: 100 }, at(60))).toEqual({
      rowsPerSecond: 25,
      secondsLeft: 0,
    });
  });
});
