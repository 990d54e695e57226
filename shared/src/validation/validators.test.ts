import { describe, expect, it } from 'vitest';
import {
  areEqual,
  isAlphanumeric,
  isCode,
  isDegree,
  isEmail,
  isExcise,
  isGreaterThan,
  isInteger,
  isPhone,
  isPostcode,
  isSiret,
  maxLength,
  parseBooleanText,
  parseWholeNumber,
  required,
  weightForCapacity,
  wholeNumberIssue,
} from './validators';

describe('Function: required', () => {
  it.each([[''], ['   '], [undefined], [null], [[]]])('rejects %j', (v) => expect(required(v)).toBe(false));
  it.each([['a'], [0], [false], [['x']]])('accepts %j', (v) => expect(required(v)).toBe(true));
});

describe('Function: isEmail', () => {
  it.each(['', 'a@b.fr', 'jean.dupont+cave@domaine-x.com'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['a@b', 'a b@c.fr', '@c.fr', 'a@.f'])('rejects %s', (v) => expect(isEmail(v)).toBe(false));
});

describe('Function: isPostcode', () => {
  it.each([
    ['33000', 'FR'],
    ['33 000', 'FR'],
    ['10001', 'US'],
    ['10001-1234', 'US'],
    ['K1A 0B1', 'CA'],
    ['k1a0b1', 'CA'],
    ['10115', 'DE'],
    ['100-0001', 'JP'],
    ['1000', 'JP'],
    ['SW1A 1AA', 'GB'],
    ['', 'FR'],
  ])('accepts %s in %s', (v, c) => expect(isPostcode(v, c)).toBe(true));
  it.each([
    ['3300', 'FR'],
    ['330000', 'FR'],
    ['1234', 'US'],
    ['123456', 'DE'],
    ['D1A 0B1', 'CA'],
    ['12', 'JP'],
    ['A', 'GB'],
    ['ABCDEFGHIJKLM', 'GB'],
    ['12_34', 'BE'],
  ])('rejects %s in %s', (v, c) => expect(isPostcode(v, c)).toBe(false));
});

describe('Function: isExcise', () => {
  it('accepts 13 characters with the country prefix', () => expect(isExcise('FR012345E6789', 'FR')).toBe(true));
  it('accepts empty', () => expect(isExcise('', 'FR')).toBe(true));
  it.each([
    ['FR012345E678', 'FR'],
    ['FR012345E67890', 'FR'],
    ['DE012345E6789', 'FR'],
  ])('rejects %s for %s', (v, c) => expect(isExcise(v, c)).toBe(false));
});

describe('Function: isCode', () => {
  it.each(['ABC', 'A-1/B_2', ''])('accepts %s', (v) => expect(isCode(v)).toBe(true));
  it.each(['abc', 'A B', 'É1', 'A.B'])('rejects %s', (v) => expect(isCode(v)).toBe(false));
});

describe('Function: isSiret', () => {
  it.each(['73282932000074', '35600000000048', ''])('accepts %s', (v) => expect(isSiret(v)).toBe(true));
  it.each(['73282932000075', '7328293200007', '732829320000740', '7328293200007A'])('rejects %s', (v) =>
    expect(isSiret(v)).toBe(false),
  );
});

describe('Function: isDegree', () => {
  it.each(['4', '40', '40.5', '12.75', ''])('accepts %s', (v) => expect(isDegree(v)).toBe(true));
  it.each(['100', '40.', '40.123', '.5', 'a'])('rejects %s', (v) => expect(isDegree(v)).toBe(false));
});

describe('Functions: maxLength, isAlphanumeric, isInteger, isGreaterThan, areEqual, isPhone', () => {
  it('maxLength counts characters', () => {
    expect(maxLength('x'.repeat(32), 32)).toBe(true);
    expect(maxLength('x'.repeat(33), 32)).toBe(false);
  });
  it('alphanumeric forbids the listed punctuation and allows accents', () => {
    expect(isAlphanumeric('Livrer après 14h, quai 3 (porte B).')).toBe(true);
    expect(isAlphanumeric('a;b')).toBe(false);
    expect(isAlphanumeric('<script>')).toBe(false);
  });
  it('integer', () => {
    expect(isInteger('12')).toBe(true);
    expect(isInteger('-3')).toBe(true);
    expect(isInteger('1.5')).toBe(false);
  });
  it('greater than is strict', () => {
    expect(isGreaterThan('1', 0)).toBe(true);
    expect(isGreaterThan('0', 0)).toBe(false);
    expect(isGreaterThan('x', 0)).toBe(false);
  });
  it('equal values', () => {
    expect(areEqual('a@b.fr', 'a@b.fr')).toBe(true);
    expect(areEqual('a@b.fr', 'A@b.fr')).toBe(false);
  });
  it('phone', () => {
    expect(isPhone('+33 5 56 00 00 00')).toBe(true);
    expect(isPhone('05.56.00.00.00')).toBe(true);
    expect(isPhone('12')).toBe(false);
    expect(isPhone('phone')).toBe(false);
  });
});

describe('Function: weightForCapacity', () => {
  it.each([
    [18.75, 370],
    [18.76, 833],
    [37.5, 833],
    [50, 1000],
    [70, 1400],
    [75, 1500],
    [100, 2000],
    [150, 3000],
    [300, 6000],
    [450, 9000],
    [600, 12000],
    [900, 18000],
    [1200, 24000],
    [1500, 30000],
    [1800, 36000],
    [4000, 80000],
  ])('%s cl weighs %s', (cl, w) => expect(weightForCapacity(cl)).toBe(w));
  it('has no default above 4000 cl or for nonsense', () => {
    expect(weightForCapacity(4000.1)).toBeUndefined();
    expect(weightForCapacity(0)).toBeUndefined();
    expect(weightForCapacity(Number.NaN)).toBeUndefined();
  });
});

describe('Function: parseBooleanText', () => {
  it.each(['true', 'yes', 'oui', 'on', '1', ' OUI '])('%s is true', (v) => expect(parseBooleanText(v)).toBe(true));
  it.each(['false', 'no', 'non', 'off', '0'])('%s is false', (v) => expect(parseBooleanText(v)).toBe(false));
  it.each(['', 'vrai', '2', undefined])('%s is neither', (v) => expect(parseBooleanText(v)).toBeUndefined());
});

describe('Function: parseWholeNumber', () => {
  it.each([
    ['70', 70],
    [' 7 ', 7],
    [0, 0],
    ['0x10', null],
    ['1e3', null],
    ['7.5', null],
    ['-2', null],
    ['', null],
    [4.5, null],
    [null, null],
  ])('reads %o as %o', (typed, read) => {
    expect(parseWholeNumber(typed)).toBe(read);
  });
});

describe('Function: wholeNumberIssue', () => {
  it('takes a quantity within its bounds as typed, and words why it refuses any other', () => {
    expect(wholeNumberIssue('60', { min: 0, max: 60 })).toBeNull();
    expect(wholeNumberIssue('70', { min: 0, max: 60 })).toEqual({
      key: 'validation.between',
      values: { min: 0, max: 60 },
    });
    expect(wholeNumberIssue(0, { min: 1 })).toEqual({ key: 'validation.greater_than', values: { min: 0 } });
    expect(wholeNumberIssue('0x10', { min: 1, max: 99_999 })).toEqual({ key: 'validation.integer' });
  });
});
