import { describe, expect, it } from 'vitest';
import { contactCreateSchema, contactText, contactUpdateFor } from './schemas';

const address = {
  isCompany: true,
  company: 'Cave Martin',
  street: '12 rue des Chais',
  postcode: '33000',
  city: 'Bordeaux',
  country: 'FR',
};
const recipient = { type: 'recipient', code: 'clt-01', warehouseId: 'w1', segment: 'B2B', address };

const errorsOf = (input: unknown) => {
  const out = contactCreateSchema.safeParse(input);
  return out.success ? {} : Object.fromEntries(out.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('Schema: contactCreateSchema', () => {
  it('accepts a B2B recipient and upper-cases its code', () => {
    const out = contactCreateSchema.parse(recipient);
    expect(out.code).toBe('CLT-01');
    expect(out.address.country).toBe('FR');
  });
  it('requires the address essentials and the company in company mode', () => {
    expect(errorsOf({ ...recipient, address: { isCompany: true } })).toMatchObject({
      'address.street': 'validation.required',
      'address.postcode': 'validation.required',
      'address.city': 'validation.required',
      'address.company': 'validation.required',
    });
  });
  it('requires a contact name, e-mail and phone for B2C', () => {
    expect(errorsOf({ ...recipient, segment: 'B2C' })).toMatchObject({
      'address.name': 'validation.required',
      'address.email': 'validation.required',
      'address.phone': 'validation.required',
    });
  });
  it('requires the contact name in person mode', () => {
    expect(errorsOf({ ...recipient, address: { ...address, isCompany: false } })).toMatchObject({
      'address.name': 'validation.required',
    });
  });
  it.each([
    [{ code: 'a b' }, 'code', 'validation.code'],
    [{ code: 'X'.repeat(33) }, 'code', 'validation.max_length'],
    [{ code: '' }, 'code', 'validation.required'],
    [{ segment: undefined }, 'segment', 'validation.required'],
    [{ warehouseId: undefined }, 'warehouseId', 'validation.required'],
    [{ address: { ...address, siretNumber: '12345678901234' } }, 'address.siretNumber', 'validation.siret'],
    [{ address: { ...address, postcode: '3300' } }, 'address.postcode', 'validation.postcode'],
    [{ address: { ...address, exciseNumber: 'DE012345E6789' } }, 'address.exciseNumber', 'validation.excise'],
    [{ address: { ...address, email: 'nope' } }, 'address.email', 'validation.email'],
  ])('%j → %s: %s', (patch, path, key) => {
    expect(errorsOf({ ...recipient, ...patch })[path]).toBe(key);
  });
  it('does not ask carriers for a warehouse or a segment', () => {
    expect(errorsOf({ type: 'carrier', code: 'DPD', address })).toEqual({});
  });
  it('needs service code and name together once either is filled', () => {
    const errors = errorsOf({
      type: 'carrier',
      code: 'DPD',
      address,
      services: [{ code: 'X' }, { code: '', name: '' }],
    });
    expect(errors).toEqual({ 'services.0.name': 'validation.required' });
  });
});

describe('Schema: contactUpdateFor', () => {
  it('applies the stored type rules', () => {
    expect(contactUpdateFor('recipient').safeParse({ address }).success).toBe(false);
    expect(contactUpdateFor('supplier').safeParse({ address, warehouseId: 'w' }).success).toBe(true);
  });
});

describe('Function: contactText', () => {
  it("reads 'code - name', company first", () => {
    expect(contactText('C1', { company: 'Cave', name: 'Jean' })).toBe('C1 - Cave');
    expect(contactText('C1', { isCompany: false, company: '', name: 'Jean' })).toBe('C1 - Jean');
  });
});
