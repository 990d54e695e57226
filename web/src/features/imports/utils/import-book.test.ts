import { checkRows, importContext } from '@cellar/shared/imports/templates';
import { describe, expect, it } from 'vitest';
import { ImportBook } from './import-book';

const ctx = importContext({
  template: 'contact',
  type: 'supplier',
  importer: { role: 10, scope: ['*'] },
  ownerId: 'c1',
  warehouseId: 'w1',
  warehouses: [{ id: 'w1', code: 'BDX' }],
});
const supplier = (code: string, company = 'Domaine') => ({
  code,
  is_company: 'oui',
  company,
  name: '',
  street: '1 rue',
  details: '',
  postcode: '33000',
  city: 'Bordeaux',
  country: 'FR',
  email: '',
  phone: '',
  siret: '',
  comment: '',
});
/** `n` valid suppliers FOU1…FOUn, then the given changes by row number. */
const file = (n: number, changes: Record<number, Partial<ReturnType<typeof supplier>>> = {}) =>
  Array.from({ length: n }, (_, i) => ({ ...supplier(`FOU${i + 1}`), ...changes[i + 1] }));
const checkedBook = (rows: ReturnType<typeof file>, limits = { preview: 10, invalid: 100 }) => {
  const book = new ImportBook(ctx, rows, limits);
  while (!book.done) book.checkNext(7);
  return book;
};

describe('the whole file, checked', () => {
  it('judges every row as the shared checkRows does (rules and duplicates in the file)', () => {
    const rows = file(60, { 3: { postcode: '' }, 20: { code: 'fou5' }, 41: { city: '' }, 59: { code: 'FOU58' } });
    const book = checkedBook(rows.map((r) => ({ ...r })));
    const shared = checkRows(ctx, rows);
    const invalid = shared.checks.flatMap((c, i) => (c.valid ? [] : [i + 1]));
    expect(invalid).toEqual([3, 5, 20, 41, 58, 59]);
    expect(book.counts()).toMatchObject({ total: 60, invalid: invalid.length });
    expect(book.counts().duplicates.sort()).toEqual(['fou5', 'fou58']);
    // On screen: the first 10 rows and every invalid one, in file order, each with the shared verdict.
    const preview = book.preview();
    expect(preview.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 41, 58, 59]);
    for (const row of preview) expect(row.check?.cells).toEqual(shared.checks[row.id - 1]?.cells);
    expect(book.counts()).toMatchObject({ hiddenValid: 60 - 10 - 4, hiddenInvalid: 0 });
  });

  it('shows invalid rows past the first ones up to a bound, and counts the rest', () => {
    const book = checkedBook(file(30, { 12: { city: '' }, 15: { city: '' }, 25: { city: '' } }), {
      preview: 5,
      invalid: 2,
    });
    expect(book.preview().map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 12, 15]);
    expect(book.counts()).toMatchObject({ invalid: 3, hiddenInvalid: 1, hiddenValid: 30 - 5 - 3 });
  });
});

describe('an edit', () => {
  it('checks again the edited row alone when its key stays', () => {
    const book = checkedBook(file(1000, { 2: { city: '' } }));
    const before = book.checks;
    const changed = book.edit(2, 'city', 'Pauillac');
    expect(book.checks - before).toBe(1);
    expect(changed.map((r) => [r.id, r.check?.valid, r.cells.city])).toEqual([[2, true, 'Pauillac']]);
    expect(book.counts().invalid).toBe(0);
  });

  it('makes a duplicate of a row off screen: that row comes on screen, invalid; undone, both are valid again', () => {
    const book = checkedBook(file(1000));
    expect(book.preview().some((r) => r.id === 700)).toBe(false);
    const before = book.checks;
    const changed = book.edit(2, 'code', 'fou700');
    // The edited row and the one it now duplicates: not a pass over the file.
    expect(book.checks - before).toBe(2);
    expect(changed.map((r) => [r.id, r.check?.cells.code?.message?.key])).toEqual([
      [2, 'import.duplicate'],
      [700, 'import.duplicate'],
    ]);
    expect(book.counts()).toMatchObject({ invalid: 2, duplicates: ['fou700'], hiddenValid: 1000 - 10 - 1 });

    const undone = book.edit(2, 'code', 'FOU2');
    expect(undone.map((r) => [r.id, r.check?.valid])).toEqual([
      [2, true],
      [700, true],
    ]);
    // Row 700 stays on screen (its fix is shown); the counts follow.
    expect(book.preview().map((r) => r.id)).toContain(700);
    expect(book.counts()).toMatchObject({ invalid: 0, duplicates: [], hiddenValid: 1000 - 11 });
  });

  it('of one of three rows sharing a key leaves the two others duplicates', () => {
    const book = checkedBook(file(20, { 4: { code: 'FOU1' }, 6: { code: 'fou1' } }));
    expect(book.counts().invalid).toBe(3);
    book.edit(6, 'code', 'FOU6');
    expect(book.counts()).toMatchObject({ invalid: 2, duplicates: ['fou1'] });
    expect(book.preview().find((r) => r.id === 4)?.check?.valid).toBe(false);
  });

  it('goes into the file that is sent, with every row of the file', () => {
    const book = checkedBook(file(300));
    book.edit(3, 'company', 'Château; "Neuf"');
    const lines = book.file().split('\r\n');
    expect(lines).toHaveLength(302);
    expect(lines[0]).toBe(
      'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;comment',
    );
    expect(lines[3]).toBe('FOU3;oui;"Château; ""Neuf""";;1 rue;;33000;Bordeaux;FR;;;;');
    expect(lines[300]).toMatch(/^FOU300;/);
  });
});

describe('what the API says of the keys', () => {
  it('asks about the keys on screen only, marks those used, and frees them when told', () => {
    const book = checkedBook(file(500, { 3: { postcode: '' } }));
    expect(book.askedKeys()).toHaveLength(10);
    expect(book.askedKeys()).toContain('FOU1');
    const changed = book.learn(['FOU1', 'FOU2'], ['FOU1']);
    expect(changed.map((r) => [r.id, r.check?.cells.code?.message?.key])).toEqual([
      [1, 'import.code_taken'],
      [2, undefined],
    ]);
    expect(book.counts().invalid).toBe(2);
    // Still asked before sending: the code may have been freed since.
    expect(book.askedKeys()).toContain('FOU1');
    book.learn(['FOU1'], []);
    expect(book.counts().invalid).toBe(1);
  });
});
