import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, isCountryCode } from './countries';

describe('Function: isCountryCode', () => {
  it.each([
    ['FR', true],
    ['US', true],
    ['fr', false],
    ['FRA', false],
    ['', false],
  ])('%s → %s', (code, expected) => {
    expect(isCountryCode(code)).toBe(expected);
  });
});

describe('Function: countryOptions', () => {
  it('names each country in the language, without an emoji flag', () => {
    const france = countryOptions('fr').find((o) => o.value === 'FR');
    expect(france?.label).toBe('France');
  });
});

describe('Function: countryName', () => {
  it('names a country in the language asked', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'en')).toBe('Germany');
  });
});
