import { describe, expect, it } from 'vitest';
import { companyFormSchema, newCompanyValues, toCompanyBody } from './company-form-values';

const filled = () => {
  const v = newCompanyValues();
  v.code = 'cli900';
  v.name = 'Maison des Essais';
  v.warehouseIds = ['W1'];
  v.segments = ['B2C'];
  v.scope = ['order'];
  v.address = { ...v.address, street: '1 rue A', postcode: '33000', city: 'Bordeaux', siretNumber: '73282932000074' };
  return v;
};

describe('Function: toCompanyBody', () => {
  it('upper-cases the code and names the address after the company', () => {
    const body = toCompanyBody(filled());
    expect(body.code).toBe('CLI900');
    expect(body.address.company).toBe('Maison des Essais');
  });

  it('builds a body the form schema accepts', () => {
    expect(companyFormSchema.safeParse(toCompanyBody(filled())).success).toBe(true);
  });
});

describe('Schema: companyFormSchema', () => {
  const issuesOf = (v: ReturnType<typeof filled>) => {
    const result = companyFormSchema.safeParse(toCompanyBody(v));
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('asks for warehouses and segments', () => {
    expect(issuesOf({ ...filled(), warehouseIds: [], segments: [] })).toEqual([
      'warehouseIds: validation.required',
      'segments: validation.required',
    ]);
  });

  it('applies the address rules, as the API does', () => {
    const v = filled();
    v.address = { ...v.address, street: '', siretNumber: '12345678901234' };
    expect(issuesOf(v)).toEqual(['address.street: validation.required', 'address.siretNumber: validation.siret']);
  });
});
