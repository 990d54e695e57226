import { describe, expect, it } from 'vitest';
import { countryName, flagOf } from './countries';

describe('Function: flagOf', () => {
  it.each([
    ['FR', '🇫🇷'],
    ['us', '🇺🇸'],
  ])('turns %s into its flag', (code, flag) => {
    expect(flagOf(code)).toBe(flag);
  });

  it.each([[''], [null], ['FRA'], ['1A']])('gives nothing for %s', (code) => {
    expect(flagOf(code)).toBe('');
  });
});

describe('Function: countryName', () => {
  it('names a country in the language asked', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'en')).toBe('Germany');
  });
});
