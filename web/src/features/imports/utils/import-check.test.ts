import { importContext } from '@cellar/shared/imports/templates';
import { describe, expect, it } from 'vitest';
import { type CheckReply, type CheckRequest, importChecker } from './import-check';

const ctx = importContext({
  template: 'user',
  importer: { role: 10, scope: ['*'] },
  ownerId: 'c1',
  warehouses: [{ id: 'w1', code: 'BDX' }],
});
const HEADER = 'lastname;firstname;email;role;warehouses;modules';
const userFile = (n: number, changes: Record<number, string> = {}) =>
  new File(
    [
      [
        HEADER,
        ...Array.from({ length: n }, (_, i) => changes[i + 1] ?? `Nom${i + 1};Ana;u${i + 1}@b.fr;user;BDX;`),
      ].join('\r\n'),
    ],
    'users.csv',
    { type: 'text/csv' },
  );

/** A checker and what it answered, request by request. */
function checker(options = { preview: 3, invalid: 10 }) {
  const replies: CheckReply[] = [];
  const handle = importChecker((r) => replies.push(r), options);
  const ask = async (request: CheckRequest) => {
    const from = replies.length;
    await handle(request);
    return replies.slice(from);
  };
  return { ask, replies };
}

describe('the import checker', () => {
  it('reads and checks a file, reporting its progress, then answers the rows to show and the keys to ask', async () => {
    const { ask } = checker();
    const replies = await ask({ seq: 1, type: 'load', file: userFile(4500, { 4000: 'X;Y;bad;user;BDX;' }), ctx });
    expect(replies.every((r) => r.seq === 1)).toBe(true);
    expect(replies.filter((r) => r.type === 'progress').map((r) => [r.phase, r.done, r.total])).toEqual([
      ['reading', 0, 0],
      ['checking', 2000, 4500],
      ['checking', 4000, 4500],
      ['checking', 4500, 4500],
    ]);
    const loaded = replies.at(-1);
    if (loaded?.type !== 'loaded') throw new Error(`loaded expected, got ${loaded?.type}`);
    expect(loaded.rows.map((r) => r.id)).toEqual([1, 2, 3, 4000]);
    expect(loaded.counts).toMatchObject({ total: 4500, invalid: 1, hiddenValid: 4496, hiddenInvalid: 0 });
    expect(loaded.asked).toEqual(['u1@b.fr', 'u2@b.fr', 'u3@b.fr']);
    // What crosses to the page is plain data: no entity input.
    expect(loaded.rows[0]?.check).toMatchObject({ valid: true, input: undefined });
  });

  it("says why a file is refused, in the catalogue's words", async () => {
    const { ask } = checker();
    const bad = new File(['nom;prenom\r\nA;B\r\n'], 'users.csv');
    expect(await ask({ seq: 7, type: 'load', file: bad, ctx })).toContainEqual({
      seq: 7,
      type: 'failed',
      key: 'import.header_mismatch',
      values: {},
    });
    expect(await ask({ seq: 8, type: 'file' })).toEqual([{ seq: 8, type: 'failed', key: 'import.no_file' }]);
  });

  it('answers an edit with the rows it changed and the counts, the taken keys, and the file to send', async () => {
    const { ask } = checker();
    await ask({ seq: 1, type: 'load', file: userFile(10), ctx });
    const [edited] = await ask({ seq: 2, type: 'edit', id: 1, column: 'email', value: 'u9@b.fr' });
    expect(edited).toMatchObject({ seq: 2, type: 'changed', counts: { invalid: 2, duplicates: ['u9@b.fr'] } });
    expect(edited?.type === 'changed' && edited.rows.map((r) => r.id)).toEqual([1, 9]);
    const [taken] = await ask({ seq: 3, type: 'taken', keys: ['u2@b.fr'], taken: ['u2@b.fr'] });
    expect(taken).toMatchObject({ seq: 3, type: 'changed', counts: { invalid: 3 } });
    const [file] = await ask({ seq: 4, type: 'file' });
    if (file?.type !== 'file') throw new Error('file expected');
    expect(file.rows).toBe(10);
    const lines = (await file.file.text()).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toBe('Nom1;Ana;u9@b.fr;user;BDX;');
  });
});
