import { describe, expect, it } from 'vitest';
import { bodyOf, emptyValues, stepErrors } from './form-values';

const t = (key: string) => key;
const context = { superadmin: false };

describe('Function: stepErrors', () => {
  it('gives each step only its own fields’ messages', () => {
    // Prepare
    const v = emptyValues();
    // Act
    const first = stepErrors(v, [0], { ...context, segments: ['B2B'] }, t);
    const second = stepErrors(v, [1], { ...context, segments: ['B2B'] }, t);
    // Assess
    expect(Object.keys(first).sort()).toEqual(['palletCount', 'reference', 'segment', 'unitCount', 'warehouseId']);
    expect(first.palletCount).toBe('validation.required');
    expect(Object.keys(second).sort()).toEqual([
      'pickupAddress.city',
      'pickupAddress.name',
      'pickupAddress.postcode',
      'pickupAddress.street',
    ]);
  });

  it('asks the superadmin for the account, and checks the time slots of the step', () => {
    const v = {
      ...emptyValues(),
      segment: 'B2B' as const,
      pickupAddress: { ...emptyValues().pickupAddress, timeslots: [{ start: '08:15', end: '08:00' }] },
    };
    expect(stepErrors(v, [0], { superadmin: true, segments: ['B2B'] }, t).ownerId).toBe('validation.required');
    const pickup = stepErrors(v, [1], { ...context, segments: ['B2B'] }, t);
    expect(pickup['pickupAddress.timeslots.0.start']).toBe('validation.time_step');
    expect(pickup['pickupAddress.timeslots.0.end']).toBe('validation.time_order');
  });
});

describe('Function: bodyOf', () => {
  it('sends an empty parcel count as none and the owner only for the superadmin', () => {
    const v = { ...emptyValues(), ownerId: 'C1', palletCount: 2, unitCount: '12' };
    expect(bodyOf(v, false)).toMatchObject({ palletCount: 2, unitCount: 12, parcelCount: null });
    expect(bodyOf(v, false)).not.toHaveProperty('ownerId');
    expect(bodyOf(v, true).ownerId).toBe('C1');
  });
});
