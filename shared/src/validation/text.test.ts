import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextPaths } from './text';

describe('Function: isSafeText', () => {
  it.each([
    ['CMD-001', true],
    ['Château d’Yquem 1er cru\tnote\r\nsuite', true],
    ['Riesling 🍷 ヴィンテージ', true],
    ['réf\u202Fà espace fine', true],
    ['CMD\u0000', false],
    ['CMD\u001B[31m', false],
    ['CMD\u007F', false],
    ['CMD\u0085', false],
    ['CMD\u202E1-TXE', false],
    ['CMD\u2066x\u2069', false],
  ])('%j → %s', (text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });
});

describe('Function: unsafeTextPaths', () => {
  it('names every string of a body, in objects and arrays, keys included', () => {
    const bell = 'k\u0007';
    expect(
      unsafeTextPaths({
        reference: 'ok',
        recipient: { name: 'A\u202EB' },
        stocks: [{ note: 'fine' }, { note: 'x\u0000' }],
        [bell]: 1,
        n: 3,
      }),
    ).toEqual(['recipient.name', 'stocks.1.note', bell]);
    expect(unsafeTextPaths('\u0000')).toEqual(['body']);
    expect(unsafeTextPaths({ a: [1, true, null] })).toEqual([]);
  });
});
