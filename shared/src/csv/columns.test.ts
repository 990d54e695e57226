import { describe, expect, it } from 'vitest';
import { listText } from '../i18n/list-texts';
import { type CellContext, cellText, DateCell, exportCell, formatDate, labelsUnder, sheetValue } from './columns';

describe('Function: formatDate', () => {
  it.each([
    ['2026-11-23', 'fr', '23/11/2026'],
    ['2026-11-23', 'en', '23 Nov 2026'],
    ['2026-11-23T13:05:00.000Z', 'fr', '23/11/2026 14:05'],
    ['2026-11-23T13:05:00.000Z', 'en', '23 Nov 2026 14:05'],
    // Summer time, and an instant whose Paris day is the next UTC day.
    ['2026-06-30T22:30:00.000Z', 'fr', '01/07/2026 00:30'],
    ['2026-03-29T01:00:00.000Z', 'fr', '29/03/2026 03:00'],
    ['2026-03-29T00:59:00.000Z', 'fr', '29/03/2026 01:59'],
    // The hour Paris lives twice, in summer time then in winter time.
    ['2026-10-25T00:30:00.000Z', 'fr', '25/10/2026 02:30'],
    ['2026-10-25T01:30:00.000Z', 'fr', '25/10/2026 02:30'],
    ['2026-10-25T02:00:00.000Z', 'fr', '25/10/2026 03:00'],
    ['not a date', 'fr', 'not a date'],
    ['2026-02-30', 'fr', '2026-02-30'],
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

describe('Function: sheetValue (the typed cell of both writers)', () => {
  const context = (lang: 'fr' | 'en', dates: 'local' | 'iso' = 'local'): CellContext => ({
    lang,
    dates,
    text: (key) => listText(lang, key),
  });
  const typed = (value: unknown, format: Parameters<typeof exportCell>[1], ctx = context('fr')) =>
    sheetValue(exportCell(value, format, ctx));

  it('keeps a number a number, and a numeric text a text (a code keeps its zeros)', () => {
    expect(typed(42.5, undefined)).toBe(42.5);
    expect(typed(-3, undefined)).toBe(-3);
    expect(typed('00123', undefined)).toBe('00123');
  });
  it('makes an instant a date cell at its Paris wall time, its text the CSV one', () => {
    const cell = typed('2026-06-30T22:30:00.000Z', 'date');
    expect(cell).toBeInstanceOf(DateCell);
    const date = cell as DateCell;
    expect(date.wall.toISOString()).toBe('2026-07-01T00:30:00.000Z');
    expect(date.time).toBe(true);
    expect(cellText(date)).toBe('01/07/2026 00:30');
  });
  it('makes a calendar day a date cell without time, in English as the CSV reads it', () => {
    const cell = typed('2026-11-23', 'date', context('en')) as DateCell;
    expect(cell.wall.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(cell.time).toBe(false);
    expect(cell.text).toBe('23 Nov 2026');
  });
  it('writes dates as ISO text when asked', () => {
    expect(typed('2026-11-23T13:05:00.000Z', 'date', context('fr', 'iso'))).toBe('2026-11-23T13:05:00.000Z');
  });
  it('writes translated values, booleans and lists as text, and empty values as empty', () => {
    expect(typed('output', labelsUnder('stock_movements', ['input', 'output']))).toBe('Sortie');
    expect(typed(true, 'boolean')).toBe('Oui');
    expect(typed(true, undefined)).toBe('true');
    expect(typed(['a', 'b'], undefined)).toBe('a, b');
    expect(typed(null, 'date')).toBeNull();
    expect(typed('', undefined)).toBeNull();
  });
  it('keeps a text starting with = a text (never a formula), as it is', () => {
    expect(typed('=cmd|/c calc', undefined)).toBe('=cmd|/c calc');
    expect(typed('not a date', 'date')).toBe('not a date');
  });
});
