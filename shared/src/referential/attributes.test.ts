import { describe, expect, it } from 'vitest';
import { weightForCapacity } from '../validation/validators';
import {
  ATTRIBUTE_MESSAGES,
  attributesComplete,
  offeredItems,
  pruneInactive,
  validateAttributes,
  visibleAttributes,
} from './attributes';
import { ATTRIBUTES, capacityOf, familyAttributes, familyTree, findSubFamily } from './data';

const cognac = familyAttributes('COGNAC') ?? [];
const red = familyAttributes('WINE_RED') ?? [];
const byId = (id: string) => ATTRIBUTES.find((a) => a.id === id)!;

describe('Function: visibleAttributes', () => {
  it('reveals fields one by one: up to the first empty required active one', () => {
    expect(visibleAttributes(red, {}).map((a) => a.id)).toEqual(['family']);
    expect(visibleAttributes(red, { family: 'VT' }).map((a) => a.id)).toEqual(['family', 'color']);
    // vintage is optional: the next required one shows with it.
    expect(visibleAttributes(red, { family: 'VT', color: 'RG' }).map((a) => a.id)).toEqual([
      'family',
      'color',
      'vintage',
      'capacity',
    ]);
  });
  it('skips attributes whose rules do not match', () => {
    const shown = visibleAttributes(cognac, { family: 'AE', color: 'AM', capacity: 'CL70', degree: '40' }).map(
      (a) => a.id,
    );
    expect(shown).not.toContain('vintage');
    expect(shown).toContain('conditionning');
  });
  it('says when the stage is complete', () => {
    const full = {
      family: 'AE',
      color: 'AM',
      capacity: 'CL70',
      degree: '40',
      conditionning: 'CAR',
      pcb: '6',
      taxation: 'DS',
      governing_rights: 'A',
      weight: '1400',
    };
    expect(attributesComplete(cognac, full)).toBe(true);
    expect(attributesComplete(cognac, { ...full, degree: '' })).toBe(false);
    expect(attributesComplete(familyAttributes('GIFTBOX') ?? [], {})).toBe(true);
  });
});

describe('Function: pruneInactive', () => {
  it('removes values that stop being active when the family changes', () => {
    const pruned = pruneInactive(red, { family: 'AE', color: 'RG', vintage: '2020', capacity: 'CL75' });
    expect(pruned).toEqual({ family: 'AE', capacity: 'CL75' });
  });
  it('keeps values that are still offered', () => {
    expect(pruneInactive(red, { family: 'VM', color: 'BL', vintage: '2018' })).toEqual({
      family: 'VM',
      color: 'BL',
      vintage: '2018',
    });
  });
});

describe('Function: offeredItems', () => {
  it('sorts cl items numerically and pcb by numeric code', () => {
    expect(
      offeredItems(byId('capacity'), {})
        .map((i) => i.label.fr)
        .slice(0, 4),
    ).toEqual(['18.75', '37.5', '50', '70']);
    expect(offeredItems(byId('pcb'), {}).map((i) => i.code)).toEqual(['1', '2', '3', '4', '6', '12', '24']);
  });
  it('filters choices by their rules', () => {
    expect(offeredItems(byId('color'), { family: 'AE' }).map((i) => i.code)).toEqual(['BR', 'AM', 'BA', 'NO', 'BO']);
    expect(offeredItems(byId('color'), { family: 'VT' }).map((i) => i.code)).toEqual(['RG', 'BL', 'RS', 'RO']);
  });
});

describe('Function: validateAttributes', () => {
  it.each([
    [{}, 'family', ATTRIBUTE_MESSAGES.required],
    [{ family: 'VT', color: 'AM' }, 'color', ATTRIBUTE_MESSAGES.format],
    [{ family: 'VT', vintage: '20' }, 'vintage', ATTRIBUTE_MESSAGES.format],
    [{ family: 'VT', degree: '12,5' }, 'degree', ATTRIBUTE_MESSAGES.format],
    [{ family: 'VT', degree: '125' }, 'degree', ATTRIBUTE_MESSAGES.format],
    [{ family: 'VT', weight: 'heavy' }, 'weight', ATTRIBUTE_MESSAGES.format],
    [{ family: 'VT', nomenclature: '2204' }, 'nomenclature', ATTRIBUTE_MESSAGES.format],
    [{ family: 'VT', isBio: 'yes' }, 'isBio', ATTRIBUTE_MESSAGES.format],
  ])('%j → %s: %s', (values, field, message) => {
    expect(validateAttributes(red, values)[field]).toBe(message);
  });
  it('accepts a complete red wine', () => {
    const values = {
      family: 'VT',
      color: 'RG',
      vintage: '2019',
      capacity: 'CL75',
      degree: '13.5',
      conditionning: 'CBO',
      pcb: '6',
      taxation: 'DS',
      governing_rights: 'R',
      isBio: true,
      weight: '1500',
      nomenclature: '22042138',
    };
    expect(validateAttributes(red, values)).toEqual({});
  });
});

describe('The referential', () => {
  it('sorts families and sub-families by name', () => {
    const tree = familyTree();
    expect(tree.map((f) => f.name)).toEqual([...tree.map((f) => f.name)].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(tree.find((f) => f.code === 'SPIRIT')?.families?.map((f) => f.code)).toContain('COGNAC');
    expect(findSubFamily('GIN')?.parent.code).toBe('SPIRIT');
  });
  it('gives every capacity item a default weight', () => {
    for (const i of byId('capacity').items) expect(weightForCapacity(capacityOf(i.code) ?? 0)).toBeGreaterThan(0);
    expect(capacityOf('CL37_5')).toBe(37.5);
  });
  it('leaves accessories without attributes (straight to the last step)', () => {
    expect(familyAttributes('GLASS')).toEqual([]);
  });
});
