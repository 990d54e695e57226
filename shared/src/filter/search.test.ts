import { describe, expect, it } from 'vitest';
import { matchesSearch, narrowestWord, searchWords } from './search';

describe('Function: searchWords', () => {
  it.each([
    [['Château Margaux'], ['chateau', 'margaux']],
    [['jean.dupont@vins.fr'], ['jean', 'dupont', 'vins', 'fr']],
    [
      ['CLI-001', 'cli 001'],
      ['cli', '001'],
    ],
    [[null, undefined, ''], []],
    [['Œnologie   Saint-Émilion'], ['œnologie', 'saint', 'emilion']],
  ])('cuts %j into %j', (texts, words) => {
    // Act
    const out = searchWords(...texts);
    // Assess
    expect(out).toEqual(words);
  });

  it('cuts words longer than the limit', () => {
    // Prepare
    const long = 'a'.repeat(60);
    // Act / Assess
    expect(searchWords(long)[0]).toHaveLength(40);
  });
});

describe('Function: matchesSearch', () => {
  const words = searchWords('Château Margaux', 'Bordeaux 33460');
  it.each([
    ['chateau', true],
    ['CHÂT marg', true],
    ['margaux château', true],
    ['33', true],
    ['aux', false],
    ['chateau latour', false],
    ['', true],
  ])('%s → %s', (search, expected) => {
    expect(matchesSearch(words, search)).toBe(expected);
  });
});

describe('Function: narrowestWord', () => {
  it.each([
    ['chat margaux', 'margaux'],
    ['ab cd', 'ab'],
    ['  ', undefined],
  ])('%s → %s', (search, expected) => {
    expect(narrowestWord(search)).toBe(expected);
  });
});
