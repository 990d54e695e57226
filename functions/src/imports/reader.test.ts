import { IMPORT_MESSAGES, ImportFileError } from '@cellar/shared/imports/templates';
import { describe, expect, it } from 'vitest';
import { type ByteSource, importRows, surveyImportFile } from './reader';

const HEADER = ['code', 'name'];

/** The bytes in pieces of `size`, as a download delivers them. */
const source =
  (bytes: Uint8Array, size = 7): ByteSource =>
  async () =>
    (async function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })();

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 for the few letters these tests use. */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => (c === 'é' ? 0xe9 : c.charCodeAt(0))));

async function rowsOf(src: ByteSource, encoding: 'utf-8' | 'windows-1252') {
  const out = [];
  for await (const r of importRows(src, encoding, HEADER)) out.push(r);
  return out;
}

describe('The streamed import reader', () => {
  it('reads rows across pieces, a multi-byte letter cut in two, comments and a BOM skipped', async () => {
    const src = source(utf8('\uFEFFName;CODE\r\n# a comment\r\nEugénie;A1\r\n"Dupont; fils";A2\r\n\r\n'), 3);
    const survey = await surveyImportFile(src, 'product', HEADER, 10);
    expect(survey).toMatchObject({ encoding: 'utf-8', rows: 2 });
    expect(await rowsOf(src, survey.encoding)).toEqual([
      { row: 1, cells: { code: 'A1', name: 'Eugénie' }, line: ['Eugénie', 'A1'] },
      { row: 2, cells: { code: 'A2', name: 'Dupont; fils' }, line: ['Dupont; fils', 'A2'] },
    ]);
  });

  it('reads a Windows-1252 file whose first bytes are plain ASCII, as the whole-text reader decides', async () => {
    const src = source(cp1252(`code;name\r\n${'A;x\r\n'.repeat(50)}B;Désirée\r\n`));
    const survey = await surveyImportFile(src, 'product', HEADER, 100);
    expect(survey.encoding).toBe('windows-1252');
    expect((await rowsOf(src, survey.encoding)).at(-1)?.cells.name).toBe('Désirée');
  });

  it('finds the values of the unique key repeated in the file, without case', async () => {
    const src = source(utf8('code;name\r\nA1;x\r\nb2;y\r\na1;z\r\nC3;w\r\nB2;v\r\n'));
    const survey = await surveyImportFile(src, 'product', HEADER, 10);
    expect([...survey.duplicates].sort()).toEqual(['a1', 'b2']);
  });

  it('refuses a header that is not the template, an empty file and too many rows, with the catalogue keys', async () => {
    const fails = (text: string, max = 10) =>
      surveyImportFile(source(utf8(text)), 'product', HEADER, max).then(
        () => undefined,
        (e: ImportFileError) => e.key,
      );
    expect(await fails('code;label\r\nA;b\r\n')).toBe(IMPORT_MESSAGES.headerMismatch);
    expect(await fails('')).toBe(IMPORT_MESSAGES.headerMismatch);
    expect(await fails('code;name\r\n')).toBe(IMPORT_MESSAGES.empty);
    expect(await fails('code;name\r\nA;1\r\nB;2\r\nC;3\r\n', 2)).toBe(IMPORT_MESSAGES.tooManyRows);
  });

  it('stops the download when the caller stops reading', async () => {
    let pieces = 0;
    const src: ByteSource = async () =>
      (async function* () {
        yield utf8('code;name\r\n');
        for (;;) {
          pieces += 1;
          yield utf8('A;b\r\n'.repeat(1000));
        }
      })();
    for await (const r of importRows(src, 'utf-8', HEADER)) if (r.row === 10) break;
    expect(pieces).toBeLessThan(100);
  });

  it('answers a file it cannot parse as the read failure', async () => {
    const err = await surveyImportFile(source(utf8('code;name\r\n"A;b\r\n')), 'product', HEADER, 10).catch((e) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as ImportFileError).key).toBe(IMPORT_MESSAGES.readFailure);
  });
});
