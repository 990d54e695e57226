import { describe, expect, it } from 'vitest';
import { BOM, csvCell, toCsv } from './write';

describe('Function: toCsv', () => {
  it('writes a BOM, semicolons, CRLF and nested fields', () => {
    const out = toCsv(
      [{ code: 'A', owner: { name: 'Cave; Martin' }, at: new Date('2026-01-02T03:04:05Z') }],
      [
        { field: 'code', header: 'Code' },
        { field: 'owner.name', header: 'Owner' },
        { field: 'at', header: 'Date' },
      ],
    );
    expect(out).toBe(`${BOM}Code;Owner;Date\r\nA;"Cave; Martin";2026-01-02T03:04:05.000Z\r\n`);
  });
  it.each(['=1+1', '+33', '-2', '@SUM(A1)', '\tx'])('neutralises the formula %j', (v) => {
    expect(csvCell(v).replace(/^"/, '').startsWith("'")).toBe(true);
  });
  it('quotes quotes and line breaks', () => expect(csvCell('a "b"\nc')).toBe('"a ""b""\nc"'));
});
