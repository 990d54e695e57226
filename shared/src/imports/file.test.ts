import { describe, expect, it } from 'vitest';
import { decodeImportFile, parseImportText, readImportRows, refusedHeader, refusedRowLines } from './file';

const HEADER = ['code', 'name', 'phone', 'comment'];

describe('The refused-rows file', () => {
  const text =
    refusedHeader(HEADER) +
    refusedRowLines('Ligne 2', ['Code : déjà utilisé.', 'Nom :\r\nrequis.'], ['A1', '', '+33 6 01 02 03 04', '=1+1']) +
    refusedRowLines('Ligne 5', ['E-mail : invalide.'], ['#B2', 'Dupont; fils', 'say "hi"', '@home']);

  it('writes the header with a BOM, then each row after a comment saying why, cells neutralised and quoted', () => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'code;name;phone;comment',
      '# Ligne 2 : Code : déjà utilisé. Nom : requis.',
      "A1;;'+33 6 01 02 03 04;'=1+1",
      '# Ligne 5 : E-mail : invalide.',
      `"#B2";"Dupont; fils";"say ""hi""";'@home`,
      '',
    ]);
  });

  it('imports again as it is: the comments skipped, the cells read back as they were', () => {
    const rows = readImportRows(parseImportText(decodeImportFile(new TextEncoder().encode(text))), HEADER, 10);
    expect(rows).toEqual([
      { code: 'A1', name: '', phone: '+33 6 01 02 03 04', comment: '=1+1' },
      { code: '#B2', name: 'Dupont; fils', phone: 'say "hi"', comment: '@home' },
    ]);
  });
});
