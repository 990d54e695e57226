/**
 * The search box's meaning, once for the server's index and for any screen: a record's searchable text is cut
 * into words (case and accents folded), and a search finds the records where every searched word begins a word
 * of the record: 'chat marg' finds 'Château Margaux', 'Chateau' finds 'Château'.
 */
import { fold } from './match';

/** Longer words are cut: a search term this long is already unique. */
export const MAX_WORD_LENGTH = 40;

/** The distinct folded words of some texts, in first-seen order. */
export function searchWords(...texts: readonly unknown[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const w of fold(text).split(/[^\p{L}\p{N}]+/u)) if (w) words.add(w.slice(0, MAX_WORD_LENGTH));
  }
  return [...words];
}

/** Whether every searched word begins one of the record's words. */
export function matchesSearch(recordWords: readonly string[], search: string): boolean {
  return searchWords(search).every((s) => recordWords.some((w) => w.startsWith(s)));
}

/**
 * The searched word that narrows a word-prefix index the most: the longest (ties: the first), or undefined when the
 * search has no word at all.
 */
export function narrowestWord(search: string): string | undefined {
  return searchWords(search).reduce<string | undefined>(
    (best, w) => (!best || w.length > best.length ? w : best),
    undefined,
  );
}
