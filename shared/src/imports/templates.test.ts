import { describe, expect, it } from 'vitest';
import { RED_WINE_ROW } from '../../../tests/fixtures/import-rows';
import { decodeImportFile, parseImportText, readImportRows, writeImportFile } from './file';
import {
  checkRow,
  checkRows,
  duplicateValues,
  ImportFileError,
  importColumns,
  importContext,
  importHeader,
  splitList,
} from './templates';

const WAREHOUSES = [
  { id: 'w-bdx', code: 'BDX' },
  { id: 'w-cog', code: 'COG' },
];
const admin = { role: 10, scope: ['*'] };
const userCtx = importContext({ template: 'user', importer: admin, ownerId: 'c1', warehouses: WAREHOUSES });
const user = (over: Record<string, string> = {}) => ({
  lastname: 'Martin',
  firstname: 'Léa',
  email: 'lea.martin@example.com',
  role: 'user',
  warehouses: 'BDX',
  modules: 'order, stock',
  ...over,
});

describe('user import rows', () => {
  it('turns a valid row into the create input of the users API', () => {
    const check = checkRow(userCtx, user({ warehouses: 'bdx, COG, XXX', modules: 'order,unknown' }));
    expect(check.valid).toBe(true);
    expect(check.input).toMatchObject({
      companyId: 'c1',
      email: 'lea.martin@example.com',
      email_confirmation: 'lea.martin@example.com',
      role: 'user',
      // Codes match without case; unknown multi-select values are dropped.
      warehouseIds: ['w-bdx', 'w-cog'],
      scope: ['order'],
    });
  });
  it('marks an empty required cell as required, and a wrong e-mail as invalid', () => {
    const check = checkRow(userCtx, user({ lastname: '', email: 'nope' }));
    expect(check.valid).toBe(false);
    expect(check.cells.lastname?.state).toBe('required');
    expect(check.cells.email).toEqual({ state: 'invalid', message: { key: 'validation.email', values: {} } });
    expect(check.cells.firstname?.state).toBe('valid');
  });
  it('refuses a cell holding a control or direction character, whatever its kind', () => {
    const check = checkRow(userCtx, user({ lastname: 'Du\u202Eval', firstname: 'Ann\u0000e' }));
    expect(check.valid).toBe(false);
    expect(check.cells.lastname).toEqual({ state: 'invalid', message: { key: 'validation.unsafe_text' } });
    expect(check.cells.firstname?.state).toBe('invalid');
  });
  it('offers only the roles below the importer', () => {
    expect(checkRow(userCtx, user({ role: 'admin' })).cells.role?.state).toBe('invalid');
    expect(checkRow(userCtx, user({ role: 'READER' })).cells.role?.state).toBe('valid');
    const superCtx = importContext({ template: 'user', importer: { role: 100, scope: ['*'] }, warehouses: WAREHOUSES });
    expect(checkRow(superCtx, user({ role: 'admin' })).cells.role?.state).toBe('valid');
  });
  it('grants only the scopes the importer holds', () => {
    const narrow = importContext({
      template: 'user',
      importer: { role: 10, scope: ['stock'] },
      warehouses: WAREHOUSES,
    });
    expect(checkRow(narrow, user({ modules: 'order,stock' })).input).toMatchObject({ scope: ['stock'] });
  });
  it('needs at least one known warehouse', () => {
    const check = checkRow(userCtx, user({ warehouses: 'XXX' }));
    expect(check.cells.warehouses?.state).toBe('required');
  });
  it('flags e-mails used twice in the file on every row that has them', () => {
    const rows = [user(), user({ email: 'LEA.martin@example.com' }), user({ email: 'other@example.com' })];
    expect(duplicateValues(rows, 'email')).toEqual(['lea.martin@example.com']);
    const out = checkRows(userCtx, rows);
    expect(out.invalid).toBe(2);
    expect(out.checks[0]?.cells.email?.message?.key).toBe('import.duplicate');
    expect(out.checks[2]?.valid).toBe(true);
  });
});

describe('company import rows', () => {
  const ctx = importContext({ template: 'company', importer: { role: 100, scope: ['*'] }, warehouses: WAREHOUSES });
  const company = (over: Record<string, string> = {}) => ({
    ...Object.fromEntries(importHeader(ctx).map((h) => [h, ''])),
    code: 'CLI009',
    name: 'Domaine Test',
    street: '1 rue du Port',
    postcode: '33000',
    city: 'Bordeaux',
    country: 'fr',
    warehouses: 'BDX',
    segments: 'b2b|B2C',
    pooled: 'oui',
    ...over,
  });
  it('builds the company input, the name being the address company', () => {
    const check = checkRow(ctx, company());
    expect(check.valid).toBe(true);
    expect(check.input).toMatchObject({
      code: 'CLI009',
      address: { company: 'Domaine Test', isCompany: true, country: 'FR' },
      segments: ['B2B', 'B2C'],
      isPooledActivity: true,
      active: true,
    });
  });
  it('reads booleans as the spec lists them, and rejects anything else', () => {
    for (const v of ['true', 'yes', 'oui', 'on', '1'])
      expect(checkRow(ctx, company({ organic: v })).input).toMatchObject({ isCertifiedOrganic: true });
    for (const v of ['false', 'no', 'non', 'off', '0'])
      expect(checkRow(ctx, company({ active: v })).input).toMatchObject({ active: false });
    expect(checkRow(ctx, company({ active: 'maybe' })).cells.active).toEqual({
      state: 'invalid',
      message: { key: 'import.boolean' },
    });
  });
  it('checks the SIRET, the postcode per country and the excise number against the country', () => {
    const check = checkRow(ctx, company({ siret: '12345678901234', postcode: '3300', excise: 'DE1234567890A' }));
    expect(check.cells.siret?.state).toBe('invalid');
    expect(check.cells.postcode?.state).toBe('invalid');
    expect(check.cells.excise?.message?.key).toBe('validation.excise');
    expect(checkRow(ctx, company({ siret: '73282932000074', excise: 'FR1234567890A' })).valid).toBe(true);
  });
  it('reports a missing name on the name cell', () => {
    expect(checkRow(ctx, company({ name: '' })).cells.name?.state).toBe('required');
  });
});

describe('contact import rows', () => {
  const base = { importer: admin, ownerId: 'c1', warehouseId: 'w-bdx', warehouses: WAREHOUSES };
  it('asks a B2C recipient for a person, an e-mail and a phone', () => {
    const ctx = importContext({ ...base, template: 'contact', type: 'recipient', segment: 'B2C' });
    expect(importHeader(ctx)).toContain('excise');
    expect(importHeader(ctx)).not.toContain('comment');
    const row = { code: 'r1', is_company: 'non', street: '2 rue', postcode: '75001', city: 'Paris', country: 'FR' };
    const check = checkRow(ctx, row);
    expect(check.cells.name?.state).toBe('required');
    expect(check.cells.email?.state).toBe('required');
    expect(check.cells.phone?.state).toBe('required');
    const ok = checkRow(ctx, { ...row, name: 'Jo', email: 'jo@example.com', phone: '0601020304' });
    expect(ok.valid).toBe(true);
    expect(ok.input).toMatchObject({ type: 'recipient', code: 'R1', ownerId: 'c1', segment: 'B2C' });
  });
  it('puts a supplier in company mode by default, with a comment and no excise', () => {
    const ctx = importContext({ ...base, template: 'contact', type: 'supplier' });
    expect(importHeader(ctx)).toContain('comment');
    expect(importHeader(ctx)).not.toContain('excise');
    const check = checkRow(ctx, { code: 'S 1', street: '2 rue', postcode: '75001', city: 'Paris', country: 'FR' });
    expect(check.cells.code?.message?.key).toBe('validation.code');
    expect(check.cells.company?.state).toBe('required');
  });
  it('reports what no cell holds as a row error', () => {
    const ctx = importContext({ ...base, warehouseId: null, template: 'contact', type: 'supplier' });
    const check = checkRow(ctx, {
      code: 'S1',
      company: 'X',
      street: '2 rue',
      postcode: '75001',
      city: 'Paris',
      country: 'FR',
    });
    expect(check.valid).toBe(false);
    expect(check.errors).toEqual([{ key: 'validation.required', values: {} }]);
  });
});

describe('every template', () => {
  const contexts = [
    userCtx,
    importContext({ template: 'company', importer: admin, warehouses: WAREHOUSES }),
    ...(['supplier', 'recipient', 'carrier'] as const).map((type) =>
      importContext({ template: 'contact', type, importer: admin, warehouses: WAREHOUSES }),
    ),
  ];
  it.each(contexts.map((c) => [`${c.template} ${c.type ?? ''}`, c] as const))(
    '%s has unique header labels',
    (_, ctx) => {
      const header = importHeader(ctx);
      expect(new Set(header).size).toBe(header.length);
    },
  );
});

describe('import files', () => {
  const header = importHeader(userCtx);
  it('reads ; separated rows, skips # comments and the BOM, and matches the header in any order and case', () => {
    const text =
      '\uFEFFEmail;lastname;firstname;ROLE;warehouses;modules\r\n# a comment\r\na@b.fr;Doe;"Jo; Jr";user;BDX;\r\n';
    const rows = readImportRows(parseImportText(text), header, 10);
    expect(rows).toEqual([
      { lastname: 'Doe', firstname: 'Jo; Jr', email: 'a@b.fr', role: 'user', warehouses: 'BDX', modules: '' },
    ]);
  });
  it('refuses a header that is not the template', () => {
    expect(() =>
      readImportRows(
        [
          ['lastname', 'email'],
          ['a', 'b'],
        ],
        header,
        10,
      ),
    ).toThrow(expect.objectContaining({ key: 'import.header_mismatch' }));
    expect(() => readImportRows([[...header, 'extra']], header, 10)).toThrow(ImportFileError);
  });
  it('refuses an empty file and one over the row limit', () => {
    expect(() => readImportRows([[...header]], header, 10)).toThrow(expect.objectContaining({ key: 'import.empty' }));
    const many = Array.from({ length: 3 }, () => header.map(() => 'x'));
    expect(() => readImportRows([[...header], ...many], header, 2)).toThrow(
      expect.objectContaining({ key: 'import.too_many_rows', values: { max: 2 } }),
    );
  });
  it('decodes UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeImportFile(new TextEncoder().encode('Léa'))).toBe('Léa');
    expect(decodeImportFile(new Uint8Array([0x4c, 0xe9, 0x61]))).toBe('Léa');
  });
  it('writes the grid back so that it reads the same', () => {
    const rows = [
      { lastname: 'A;B', firstname: '#1 "x"', email: 'e@x.fr', role: 'user', warehouses: 'BDX,COG', modules: '' },
    ];
    expect(readImportRows(parseImportText(writeImportFile(header, rows)), header, 10)).toEqual(rows);
  });
  it('splits lists on commas and bars', () => expect(splitList(' a, b|c ,, ')).toEqual(['a', 'b', 'c']));
});

describe('product import rows', () => {
  const suppliers = [{ id: 's-1', code: 'SUP1' }];
  const ctx = importContext({ template: 'product', importer: admin, ownerId: 'c1', warehouses: WAREHOUSES, suppliers });
  const product = (over: Record<string, string> = {}) => ({
    ...Object.fromEntries(importHeader(ctx).map((h) => [h, ''])),
    ...RED_WINE_ROW,
    code: 'p-1',
    // Codes of selects match without case.
    sub_family: 'wine_red',
    ...over,
  });
  it('names a column per attribute of the referential, labelled by it', () => {
    const columns = importColumns(ctx);
    expect(columns.find((c) => c.key === 'color')).toMatchObject({ kind: 'select', label: { en: 'Colour' } });
    expect(columns.find((c) => c.key === 'isBio')).toMatchObject({ kind: 'boolean' });
  });
  it('fills the sub-family’s usual values, and maps codes to ids', () => {
    const check = checkRow(ctx, product({ supplier: 'sup1', has_batch: 'oui' }));
    expect(check.cells).not.toContainEqual(expect.objectContaining({ state: 'invalid' }));
    expect(check.valid).toBe(true);
    expect(check.input).toMatchObject({
      code: 'P-1',
      familyId: 'WINE_RED',
      ownerId: 'c1',
      warehouseId: 'w-bdx',
      supplierId: 's-1',
      hasBatch: true,
      // The capacity gives the default weight (75 cl → 1,500 g).
      attributes: { family: 'VT', color: 'RG', vintage: '2019', capacity: 'CL75', weight: '1500' },
    });
  });
  it('checks attributes with the referential’s rules, for the row’s sub-family', () => {
    // A white colour is not offered for a spirit.
    const spirit = checkRow(ctx, product({ sub_family: 'COGNAC', color: 'BL' }));
    expect(spirit.cells.color?.state).toBe('invalid');
    expect(checkRow(ctx, product({ degree: '135' })).cells.degree?.message?.key).toBe('validation.format');
    expect(checkRow(ctx, product({ capacity: '' })).cells.capacity?.state).toBe('required');
  });
  it('needs a known supplier, one for a top agent, and a warehouse when there is a choice', () => {
    expect(checkRow(ctx, product({ supplier: 'NOPE' })).cells.supplier?.state).toBe('invalid');
    const agent = importContext({ ...ctx, template: 'product', importer: admin, topAgent: true, suppliers });
    expect(checkRow(agent, product()).cells.supplier?.state).toBe('required');
    expect(checkRow(ctx, product({ warehouse: '' })).cells.warehouse?.state).toBe('required');
    const single = importContext({ template: 'product', importer: admin, warehouses: [WAREHOUSES[0]!] });
    expect(checkRow(single, product({ warehouse: '' })).valid).toBe(true);
  });
  it('refuses an unknown sub-family', () => {
    expect(checkRow(ctx, product({ sub_family: 'BEER' })).cells.sub_family?.state).toBe('invalid');
  });
});
