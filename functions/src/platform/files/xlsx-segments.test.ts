import { describe, expect, it } from 'vitest';
import { describeError, InvalidError } from '../../errors';
import { SHEET_MAX_ROWS, xlsxSegments } from './xlsx-segments';

const file = { format: 'xlsx' as const, columns: [{ field: 'code', header: 'Code' }], lang: 'fr' as const, sheet: 'x' };

describe('Function: xlsxSegments', () => {
  it('refuses rows past the last one a sheet holds with the reason the requester can act on, in their language', async () => {
    // Prepare: a sheet resumed with its last row next.
    const writer = xlsxSegments(file, { crc: 0, size: 0, compressed: 0, row: SHEET_MAX_ROWS });
    // Act
    const last = await writer.rows([{ code: 'A' }]).then(() => 'written');
    const beyond = await writer.rows([{ code: 'B' }]).catch((e: unknown) => e);
    // Assess
    expect(last).toBe('written');
    expect(beyond).toBeInstanceOf(InvalidError);
    // French groups thousands with a narrow no-break space.
    expect(describeError(beyond as InvalidError, 'fr').message.replace(/\s/gu, ' ')).toBe(
      'Excel tient au plus 1 048 575 lignes : exportez en CSV ou filtrez la liste.',
    );
  });
});
