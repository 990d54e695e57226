import { describe, expect, it } from 'vitest';
import { listText } from '../i18n/list-texts';
import { type CellContext, exportCell, formatDate, labelsUnder } from './columns';

describe('Function: formatDate', () => {
  it.each([
    ['2026-11-23', 'fr', '23/11/2026'],
    ['2026-11-23', 'en', '23 Nov 2026'],
    ['2026-11-23T13:05:00.000Z', 'fr', '23/11/2026 14:05'],
    ['2026-11-23T13:05:00.000Z', 'en', '23 Nov 2026 14:05'],
    // Summer time, and an instant whose Paris day is the next UTC day.
    ['2026-06-30T22:30:00.000Z', 'fr', '01/07/2026 00:30'],
    ['2026-03-29T01:00:00.000Z', 'fr', '29/03/2026 03:00'],
    ['not a date', 'fr', 'not a date'],
  ] as const)('writes %s in %s as %s', (value, lang, expected) => {
    expect(formatDate(value, lang)).toBe(expected);
  });
});

describe('Function: exportCell', () => {
  const context = (lang: 'fr' | 'en', dates: 'local' | 'iso' = 'local'): CellContext => ({
    lang,
    dates,
    text: (key) => listText(lang, key),
  });
  const fr = context('fr');
  const en = context('en');

  it('writes dates as ISO when asked', () => {
    expect(exportCell('2026-11-23T13:05:00.000Z', 'date', context('fr', 'iso'))).toBe('2026-11-23T13:05:00.000Z');
  });
  it.each([
    [true, fr, 'Oui'],
    [false, fr, 'Non'],
    [true, en, 'Yes'],
    ['false', en, 'No'],
  ] as const)('writes the boolean %s as %s', (value, ctx, expected) => {
    expect(exportCell(value, 'boolean', ctx)).toBe(expected);
  });
  it('translates codes, each element of a list, and keeps unknown codes and empty values', () => {
    const format = labelsUnder('stock_movements', ['input', 'output']);
    expect(exportCell('output', format, fr)).toBe('Sortie');
    expect(exportCell(['input', 'output'], format, en)).toEqual(['Input', 'Output']);
    expect(exportCell('sideways', format, fr)).toBe('sideways');
    expect(exportCell(null, format, fr)).toBeNull();
    expect(exportCell('__proto__', format, fr)).toBe('__proto__');
  });
  it('writes a value without a format as it is', () => expect(exportCell('=1+1', undefined, fr)).toBe('=1+1'));
});
