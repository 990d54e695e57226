import { describe, expect, it } from 'vitest';
import { elide } from './elision';

describe('Function: elide', () => {
  it.each([
    ['de', 'Élise Martin', 'd’Élise Martin'],
    ['de', 'élise', 'd’élise'],
    ['de', 'Anne', 'd’Anne'],
    ['de', 'Yves', 'd’Yves'],
    ['de', 'Hugo', 'd’Hugo'],
    ['de', 'Œdipe', 'd’Œdipe'],
    ['de', 'Marc Durand', 'de Marc Durand'],
    ['de', '3 Rivières', 'de 3 Rivières'],
    ['de', '', 'de '],
    ['le', 'article', 'l’article'],
    ['la', 'étiquette', 'l’étiquette'],
    ['le', 'fournisseur', 'le fournisseur'],
    ['que', 'il', 'qu’il'],
  ] as const)('%s + %s → %s', (word, next, out) => expect(elide(word, next)).toBe(out));
});
