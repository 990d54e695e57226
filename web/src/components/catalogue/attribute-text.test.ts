import { ATTRIBUTES } from '@cellar/shared/referential/data';
import type { Attribute } from '@cellar/shared/referential/schemas';
import { describe, expect, it } from 'vitest';
import { attributeChoices, attributeText, vintageChoices } from './attribute-text';

const attribute = (id: string) => ATTRIBUTES.find((a) => a.id === id) as Attribute;
const yesNo = (yes: boolean) => (yes ? 'Oui' : 'Non');

describe('Function: attributeText', () => {
  it.each([
    ['capacity', 'CL75', 'fr', '75 cl'],
    ['capacity', 'CL37_5', 'en', '37.5 cl'],
    ['color', 'RG', 'fr', 'Rouge'],
    ['color', 'RG', 'en', 'Red'],
    ['pcb', '6', 'fr', '6 bouteilles'],
    ['weight', '1500', 'fr', '1500 g'],
    ['degree', '13.5', 'en', '13.5 % vol'],
    ['vintage', '2020', 'fr', '2020'],
    ['isBio', true, 'fr', 'Oui'],
    ['isBio', false, 'fr', 'Non'],
  ] as const)('reads %s = %j in %s as %s', (id, value, language, text) => {
    expect(attributeText(attribute(id), value, language, yesNo)).toBe(text);
  });

  it('shows unknown codes and attributes as they are, and nothing for no value', () => {
    expect(attributeText(attribute('color'), 'ZZ', 'fr', yesNo)).toBe('ZZ');
    expect(attributeText(undefined, 'x', 'fr', yesNo)).toBe('x');
    expect(attributeText(attribute('color'), null, 'fr', yesNo)).toBe('');
    expect(attributeText(attribute('vintage'), '', 'fr', yesNo)).toBe('');
  });
});

describe('Function: attributeChoices', () => {
  it('offers the colours of every family', () => {
    expect(attributeChoices(attribute('color'), 'fr').map((c) => c.value)).toEqual([
      'RG',
      'BL',
      'RS',
      'RO',
      'BR',
      'AM',
      'BA',
      'NO',
      'BO',
    ]);
  });

  it('orders capacities by volume and pack sizes by number, as the form does', () => {
    const capacities = attributeChoices(attribute('capacity'), 'fr').map((c) => c.text);
    expect(capacities.slice(0, 3)).toEqual(['18.75 cl', '37.5 cl', '50 cl']);
    expect(attributeChoices(attribute('pcb'), 'en').map((c) => c.value)).toEqual(['1', '2', '3', '4', '6', '12', '24']);
  });

  it('offers nothing for an unknown attribute', () => {
    expect(attributeChoices(undefined, 'fr')).toEqual([]);
  });
});

describe('Function: vintageChoices', () => {
  it('offers the current year and the ten before it', () => {
    const years = vintageChoices(2026).map((c) => c.value);
    expect(years).toHaveLength(11);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('2016');
  });
});
