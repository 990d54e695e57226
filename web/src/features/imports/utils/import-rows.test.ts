import { checkRow, importColumns, importContext } from '@cellar/shared/imports/templates';
import { describe, expect, it } from 'vitest';
import {
  acceptFile,
  askable,
  cellState,
  type GridRow,
  mapLimited,
  markTaken,
  readRows,
  recheckEdited,
  rowReasons,
} from './import-rows';

const ctx = importContext({
  template: 'user',
  importer: { role: 10, scope: ['*'] },
  ownerId: 'c1',
  warehouses: [{ id: 'w1', code: 'BDX' }],
});
const columns = importColumns(ctx);
const HEADER = 'lastname;firstname;email;role;warehouses;modules';
const file = (text: string, name = 'users.csv') => new File([text], name, { type: 'text/csv' });
const checked = (id: number, cells: Record<string, string>): GridRow => ({
  id,
  cells,
  check: checkRow(ctx, cells),
  edited: [],
});

describe('reading the chosen file', () => {
  it('gives the rows of the file, in order', async () => {
    const rows = await readRows(file(`${HEADER}\r\nA;B;a@b.fr;user;BDX;\r\nC;D;c@d.fr;user;BDX;\r\n`), ctx);
    expect(rows.map((r) => r.email)).toEqual(['a@b.fr', 'c@d.fr']);
  });
  it('says why a file is refused', async () => {
    expect(() => acceptFile(null)).toThrow(expect.objectContaining({ key: 'import.no_file' }));
    expect(() => acceptFile(file(HEADER, 'users.xlsx'))).toThrow(expect.objectContaining({ key: 'import.not_csv' }));
    await expect(readRows(file('nom;prenom\r\nA;B\r\n'), ctx)).rejects.toMatchObject({
      key: 'import.header_mismatch',
    });
  });
});

describe('an edited row', () => {
  const good = { lastname: 'A', firstname: 'B', email: 'a@b.fr', role: 'user', warehouses: 'BDX', modules: '' };
  it('is checked again at once with the shared rules, alone', () => {
    const row = checked(1, { ...good, lastname: '' });
    expect(cellState(row, 'lastname').state).toBe('required');
    const fixed = recheckEdited(ctx, columns, row, 'lastname', 'Z');
    expect(fixed.cells.lastname).toBe('Z');
    expect(fixed.check?.valid).toBe(true);
    expect(cellState(fixed, 'lastname').state).toBe('valid');
  });
  it("keeps its key cell's verdict (used twice, already used) when another cell changes", () => {
    const dup = { ...checked(1, good), check: { ...checkRow(ctx, good), valid: false } } as GridRow;
    dup.check = {
      ...(dup.check as NonNullable<GridRow['check']>),
      cells: { ...dup.check?.cells, email: { state: 'invalid', message: { key: 'import.duplicate' } } },
    };
    const edited = recheckEdited(ctx, columns, dup, 'firstname', 'C');
    expect(edited.check?.valid).toBe(false);
    expect(edited.check?.cells.email?.message?.key).toBe('import.duplicate');
  });
  it('shows its key cell to check when the key itself changes', () => {
    const edited = recheckEdited(ctx, columns, checked(1, good), 'email', 'new@b.fr');
    expect(cellState(edited, 'email').state).toBe('unverified');
    expect(cellState(edited, 'lastname').state).toBe('valid');
  });
});

describe('what the API says', () => {
  it('marks an e-mail the API knows as used, and asks again about it before sending', () => {
    const cells = { lastname: 'A', firstname: 'B', email: 'Taken@b.fr', role: 'user', warehouses: 'BDX', modules: '' };
    const check = markTaken(ctx, cells, checkRow(ctx, cells), new Set(['taken@b.fr']));
    expect(check.valid).toBe(false);
    expect(check.cells.email?.message?.key).toBe('import.email_taken');
    expect(askable(ctx, check)).toBe(true);
    expect(askable(ctx, checkRow(ctx, { ...cells, email: 'nope' }))).toBe(false);
  });
  it('runs work a few at a time, keeping the order', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimited([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return n * 2;
    });
    expect(out).toEqual([2, 4, 6, 8, 10]);
    expect(peak).toBe(2);
  });
});

describe('reasons and refused rows', () => {
  it("gives each invalid row's reasons, cell by cell, leaving out cells edited since", () => {
    const row = checked(1, {
      lastname: '',
      firstname: 'B',
      email: 'nope',
      role: 'user',
      warehouses: 'XXX',
      modules: '',
    });
    expect(
      rowReasons(row)
        .map((r) => r.column)
        .sort(),
    ).toEqual(['email', 'lastname', 'warehouses']);
    expect(
      rowReasons({ ...row, edited: ['email'] })
        .map((r) => r.column)
        .sort(),
    ).toEqual(['lastname', 'warehouses']);
    expect(rowReasons(checked(1, { ...row.cells, lastname: 'A', email: 'a@b.fr', warehouses: 'BDX' }))).toEqual([]);
  });
});
