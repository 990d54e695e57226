import { visibleAttributes } from '@cellar/shared/referential/attributes';
import { familyAttributes } from '@cellar/shared/referential/data';
import type { Attribute } from '@cellar/shared/referential/schemas';
import { describe, expect, it } from 'vitest';
import { canContinue, changeAttribute, startValues, wizardStep } from './wizard';

const redWine = familyAttributes('WINE_RED') as Attribute[];
const cognac = familyAttributes('COGNAC') as Attribute[];

describe('Function: wizardStep', () => {
  it.each([
    ['no sub-family yet', { editing: false, familyId: null, attributes: undefined, continued: false }, 0],
    ['attributes loading', { editing: false, familyId: 'WINE_RED', attributes: undefined, continued: false }, 1],
    ['attributes to fill', { editing: false, familyId: 'WINE_RED', attributes: redWine, continued: false }, 1],
    ['after continue', { editing: false, familyId: 'WINE_RED', attributes: redWine, continued: true }, 2],
    ['a sub-family without attributes', { editing: false, familyId: 'GIFTBOX', attributes: [], continued: false }, 2],
    ['editing', { editing: true, familyId: 'WINE_RED', attributes: undefined, continued: false }, 2],
  ] as const)('is at its step with %s', (_, state, step) => {
    expect(wizardStep(state)).toBe(step);
  });
});

describe('Function: startValues', () => {
  it("starts a red wine with the sub-family's defaults", () => {
    expect(startValues(redWine, 'WINE_RED', {})).toEqual({ family: 'VT', color: 'RG' });
  });

  it('keeps what still applies and drops what stops being active', () => {
    // Prepare
    const wine = { family: 'VT', color: 'RG', vintage: '2020', capacity: 'CL75' };
    // Act
    const values = startValues(cognac, 'COGNAC', wine);
    // Assess
    expect(values).toEqual({ family: 'AE', color: 'AM', capacity: 'CL75' });
  });
});

describe('Function: changeAttribute', () => {
  it.each([
    ['CL75', '1500'],
    ['CL150', '3000'],
    ['CL37_5', '833'],
  ])('sets the default weight of capacity %s to %s', (capacity, weight) => {
    expect(changeAttribute(redWine, { family: 'VT', color: 'RG' }, 'capacity', capacity).weight).toBe(weight);
  });

  it('replaces a weight typed before, which the user may change again', () => {
    const values = changeAttribute(redWine, { family: 'VT', weight: '1234' }, 'capacity', 'CL150');
    expect(values.weight).toBe('3000');
    expect(changeAttribute(redWine, values, 'weight', '2900').weight).toBe('2900');
  });

  it('changes nothing when the value already chosen is chosen again', () => {
    const values = { family: 'VT', color: 'RG', vintage: '2020', capacity: 'CL75', weight: '1400' };
    expect(changeAttribute(redWine, values, 'capacity', 'CL75')).toEqual(values);
    expect(changeAttribute(redWine, values, 'family', 'VT')).toEqual(values);
  });

  it('drops the values that stop being active when the excise family changes', () => {
    const values = changeAttribute(redWine, { family: 'VT', color: 'RG', vintage: '2020' }, 'family', 'AE');
    expect(values).toEqual({ family: 'AE' });
  });

  it('reveals the next field once a required one is filled', () => {
    const before = visibleAttributes(redWine, { family: 'VT', color: 'RG' }).map((a) => a.id);
    const after = visibleAttributes(
      redWine,
      changeAttribute(redWine, { family: 'VT', color: 'RG' }, 'capacity', 'CL75'),
    );
    expect(before.at(-1)).toBe('capacity');
    expect(after.map((a) => a.id).at(-1)).toBe('degree');
  });
});

describe('Function: canContinue', () => {
  const complete = {
    family: 'VT',
    color: 'RG',
    capacity: 'CL75',
    degree: '13.5',
    conditionning: 'CBO',
    pcb: '6',
    taxation: 'DS',
    governing_rights: 'R',
    weight: '1500',
  };

  it('goes on with every required attribute valid', () => {
    expect(canContinue(redWine, complete)).toBe(true);
  });

  it('waits for a missing required attribute or an invalid value', () => {
    expect(canContinue(redWine, { ...complete, degree: '' })).toBe(false);
    expect(canContinue(redWine, { ...complete, vintage: '20' })).toBe(false);
  });
});
