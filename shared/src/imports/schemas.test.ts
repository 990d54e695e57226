import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../i18n/messages';
import { importProgress, importRequestSchema } from './schemas';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './templates';

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

describe('importRequestSchema', () => {
  const ok = { size: 1000, rows: 10 };

  it('takes a file up to 20 MB and 100,000 rows', () => {
    expect(importRequestSchema.safeParse({ size: IMPORT_MAX_BYTES, rows: IMPORT_MAX_ROWS }).success).toBe(true);
    expect(IMPORT_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(IMPORT_MAX_ROWS).toBe(100_000);
  });

  it('says the limit it refuses, in each language', () => {
    const out = importRequestSchema.safeParse({ size: IMPORT_MAX_BYTES + 1, rows: IMPORT_MAX_ROWS + 1 });
    if (out.success) throw new Error('accepted');
    expect(fieldErrors(out.error, 'fr')).toEqual({
      size: ['Un fichier d’import fait au plus 20 Mo.'],
      rows: ['Un import contient au plus 100000 lignes.'],
    });
    expect(fieldErrors(out.error, 'en')).toEqual({
      size: ['An import file is at most 20 MB.'],
      rows: ['An import holds at most 100000 rows.'],
    });
  });

  it('refuses an empty file, a fraction and a field it does not know', () => {
    expect(importRequestSchema.safeParse({ size: 0, rows: 0 }).success).toBe(false);
    expect(importRequestSchema.safeParse({ ...ok, rows: 1.5 }).success).toBe(false);
    expect(importRequestSchema.safeParse({ ...ok, file: 'x' }).success).toBe(false);
  });
});
