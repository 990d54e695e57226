import { contactCreateSchema } from '@cellar/shared/contacts/schemas';
import { describe, expect, it } from 'vitest';
import { newContactValues, toCreateBody, toUpdateBody } from './contact-form-values';

describe('Function: newContactValues', () => {
  it.each([
    ['B2C', false],
    ['B2B', true],
    [null, true],
  ] as const)('puts the address of segment %s in company mode: %s', (segment, isCompany) => {
    expect(newContactValues('recipient', { segment }).address.isCompany).toBe(isCompany);
  });
});

describe('Function: toCreateBody', () => {
  const filled = () => {
    const v = newContactValues('carrier', { warehouseId: 'W1', segment: 'B2B' });
    v.code = 'TRANS';
    v.ownerId = 'C1';
    v.comment = 'Appeler avant';
    v.services = [{ code: 'EXP', name: 'Express', isPickupPoint: false }];
    v.address = { ...v.address, company: 'Transports', street: '1 rue', postcode: '33000', city: 'Bordeaux' };
    return v;
  };

  it('keeps only what the type has: a carrier has no warehouse, a recipient no comment nor services', () => {
    // Prepare
    const carrier = filled();
    const recipient = { ...filled(), type: 'recipient' as const };
    // Act
    const carrierBody = toCreateBody(carrier, false);
    const recipientBody = toCreateBody(recipient, false);
    // Assess
    expect(carrierBody).toMatchObject({ warehouseId: null, comment: 'Appeler avant', services: carrier.services });
    expect(recipientBody).toMatchObject({ warehouseId: 'W1', comment: '', services: [] });
  });

  it('sends the owner only when the caller chooses it', () => {
    expect(toCreateBody(filled(), true).ownerId).toBe('C1');
    expect(toCreateBody(filled(), false)).not.toHaveProperty('ownerId');
  });

  it('builds a body the shared schema accepts', () => {
    expect(contactCreateSchema.safeParse(toCreateBody(filled(), true)).success).toBe(true);
  });

  it('never sends excise numbers for types without them', () => {
    const v = filled();
    v.address.exciseNumber = 'FR0123456789A';
    expect(toUpdateBody(v).address.exciseNumber).toBe('');
  });
});
