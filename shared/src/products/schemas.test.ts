import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_NUMBER_MAX, productInputSchema, productSchema } from './schemas';

const input = (attributes: Record<string, unknown>) => ({ code: 'P1', label: 'Wine', familyId: 'VT', attributes });

describe('Method: productInputSchema', () => {
  it('takes an attribute given as a number within its bound, and refuses one beyond, naming the attribute', () => {
    expect(productInputSchema.safeParse(input({ vintage: 2019, degree: -ATTRIBUTE_NUMBER_MAX })).success).toBe(true);
    for (const n of [ATTRIBUTE_NUMBER_MAX + 1, -ATTRIBUTE_NUMBER_MAX - 1, 2 ** 53 + 2, 1e300]) {
      const out = productInputSchema.safeParse(input({ vintage: n }));
      expect(
        out.error?.issues.map((i) => i.path.join('.')),
        String(n),
      ).toEqual(['attributes.vintage']);
    }
  });

  it('still answers a product stored with a larger number, as stored', () => {
    const stored = { ...productInputSchema.parse(input({})), attributes: { vintage: 1e12 } };
    const answer = { ...stored, id: 'X', ownerId: 'O', hasStock: false, createdAt: '', updatedAt: '' };
    expect(productSchema.parse(answer).attributes).toEqual({ vintage: 1e12 });
  });
});
