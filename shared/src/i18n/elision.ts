/**
 * French elision of the short words put before an interpolated name or noun: "le compte de Élise" reads
 * "le compte d’Élise", "le article" reads "l’article". Before a consonant (or a value that starts with no letter)
 * the word stays whole. A name beginning with an h is taken as mute (d’Hugo, d’Hélène), as it is for first names.
 *
 * @example elide('de', 'Élise Martin')   // 'd’Élise Martin'
 * @example elide('de', 'Marc Durand')    // 'de Marc Durand'
 */
export const ELIDING_WORDS = { de: 'd’', le: 'l’', la: 'l’', que: 'qu’' } as const;
export type ElidingWord = keyof typeof ELIDING_WORDS;

const OPENS_ON_VOWEL = /^[aàâäeéèêëiîïoôöuùûüyÿhæœ]/i;

export function elide(word: ElidingWord, next: string): string {
  const text = next.trimStart();
  return OPENS_ON_VOWEL.test(text) ? `${ELIDING_WORDS[word]}${text}` : `${word} ${text}`;
}

export const isElidingWord = (w: string): w is ElidingWord => Object.hasOwn(ELIDING_WORDS, w);
