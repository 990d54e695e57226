import { importContext } from '@cellar/shared/imports/templates';
import { describe, expect, it } from 'vitest';
import {
  cellState,
  checkGrid,
  editCell,
  keysToAsk,
  mapLimited,
  markTaken,
  readFileRows,
  refusedRowsFile,
  rowReasons,
} from './import-rows';

const ctx = importContext({
  template: 'user',
  importer: { role: 10, scope: ['*'] },
  ownerId: 'c1',
  warehouses: [{ id: 'w1', code: 'BDX' }],
});
const HEADER = 'lastname;firstname;email;role;warehouses;modules';
const file = (text: string, name = 'users.csv') => new File([text], name, { type: 'text/csv' });

describe('reading the chosen file', () => {
  it('gives one grid row per line, numbered from 1', async () => {
    const rows = await readFileRows(file(`${HEADER}\r\nA;B;a@b.fr;user;BDX;\r\nC;D;c@d.fr;user;BDX;\r\n`), ctx);
    expect(rows.map((r) => [r.id, r.cells.email])).toEqual([
      [1, 'a@b.fr'],
      [2, 'c@d.fr'],
    ]);
  });
  it('says why a file is refused', async () => {
    await expect(readFileRows(null, ctx)).rejects.toMatchObject({ key: 'import.no_file' });
    await expect(readFileRows(file(HEADER, 'users.xlsx'), ctx)).rejects.toMatchObject({ key: 'import.not_csv' });
    await expect(readFileRows(file('nom;prenom\r\nA;B\r\n'), ctx)).rejects.toMatchObject({
      key: 'import.header_mismatch',
    });
  });
});

describe('checking the grid', () => {
  const rows = [
    {
      id: 1,
      cells: { lastname: 'A', firstname: 'B', email: 'a@b.fr', role: 'user', warehouses: 'BDX', modules: '' },
      edited: [],
    },
    {
      id: 2,
      cells: { lastname: '', firstname: 'B', email: 'taken@b.fr', role: 'user', warehouses: 'BDX', modules: '' },
      edited: [],
    },
    {
      id: 3,
      cells: { lastname: 'C', firstname: 'D', email: 'A@b.fr', role: 'user', warehouses: 'BDX', modules: '' },
      edited: [],
    },
  ];
  it('shows cells unverified until checked, and after an edit', () => {
    expect(cellState(rows[0]!, 'email').state).toBe('unverified');
    const { rows: checked } = checkGrid(ctx, rows);
    expect(cellState(checked[1]!, 'lastname').state).toBe('required');
    const edited = editCell(checked[1]!, 'lastname', 'Z');
    expect(cellState(edited, 'lastname').state).toBe('unverified');
    expect(cellState(edited, 'firstname').state).toBe('valid');
  });
  it('counts invalid rows, lists e-mails used twice, and marks e-mails the API knows', () => {
    const out = markTaken(ctx, checkGrid(ctx, rows), new Set(['taken@b.fr']));
    expect(out.invalid).toBe(3);
    expect(out.duplicateEmails).toEqual(['a@b.fr']);
    expect(out.rows[1]?.check?.cells.email?.message?.key).toBe('import.email_taken');
  });
  it('asks the API only about e-mails that are otherwise valid, once each', () => {
    const withBad = [...rows, { id: 4, cells: { ...rows[0]!.cells, email: 'nope' }, edited: [] }];
    expect(keysToAsk(ctx, checkGrid(ctx, withBad).rows).sort()).toEqual(['taken@b.fr']);
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

describe('codes, reasons and refused rows', () => {
  const contacts = importContext({
    template: 'contact',
    type: 'supplier',
    importer: { role: 10, scope: ['*'] },
    ownerId: 'c1',
    warehouses: [{ id: 'w1', code: 'BDX' }],
  });
  const supplier = (id: number, code: string, company = 'Domaine') => ({
    id,
    cells: { code, is_company: 'oui', company, street: '1 rue', postcode: '33000', city: 'Bordeaux', country: 'FR' },
    edited: [],
  });

  it('asks the API about the codes of a contact file, and marks those it knows as used, as written', () => {
    const checked = checkGrid(contacts, [supplier(1, 'FOU1'), supplier(2, 'fou2'), supplier(3, '')]);
    expect(keysToAsk(contacts, checked.rows)).toEqual(['FOU1', 'fou2']);
    const out = markTaken(contacts, checked, new Set(['fou2']));
    expect(out.rows[1]?.check?.cells.code).toEqual({ state: 'invalid', message: { key: 'import.code_taken' } });
    expect(cellState(out.rows[0]!, 'code').state).toBe('valid');
  });

  it("gives each invalid row's reasons, cell by cell, leaving out cells edited since", () => {
    const { rows } = checkGrid(ctx, [
      {
        id: 1,
        cells: { lastname: '', firstname: 'B', email: 'nope', role: 'user', warehouses: 'XXX', modules: '' },
        edited: [],
      },
    ]);
    const reasons = rowReasons(rows[0]!);
    expect(reasons.map((r) => r.column).sort()).toEqual(['email', 'lastname', 'warehouses']);
    expect(
      rowReasons(editCell(rows[0]!, 'email', 'a@b.fr'))
        .map((r) => r.column)
        .sort(),
    ).toEqual(['lastname', 'warehouses']);
    expect(
      rowReasons(
        checkGrid(ctx, [
          { ...rows[0]!, cells: { ...rows[0]!.cells, lastname: 'A', email: 'a@b.fr', warehouses: 'BDX' } },
        ]).rows[0]!,
      ),
    ).toEqual([]);
  });

  it('writes the refused rows as a file to import again: the header, and each row after a comment saying why', async () => {
    const header = 'lastname;firstname;email;role;warehouses;modules'.split(';');
    const rows = [1, 2, 3].map((id) => ({
      id,
      cells: { lastname: `L${id}`, firstname: 'F', email: `u${id}@b.fr`, role: 'user', warehouses: 'BDX', modules: '' },
      edited: [],
    }));
    const text = refusedRowsFile(
      header,
      rows,
      new Map([[2, ['E-mail : déjà utilisé.', 'Rôle : non autorisé.']]]),
      (n) => `Ligne ${n}`,
    );
    expect(text.split('\r\n')).toEqual([
      header.join(';'),
      '# Ligne 2 : E-mail : déjà utilisé. Rôle : non autorisé.',
      'L2;F;u2@b.fr;user;BDX;',
      '',
    ]);
    // As it is, the file reads back as the refused rows alone (the comment skipped).
    const back = await readFileRows(new File([text], 'refused.csv', { type: 'text/csv' }), ctx);
    expect(back.map((r) => r.cells.email)).toEqual(['u2@b.fr']);
  });
});
