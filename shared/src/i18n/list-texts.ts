/**
 * The texts of the lists' columns and values: the grids' column titles and the labels of statuses, segments,
 * roles, directions and yes/no. They are shared because the API writes them too, in its CSV exports, in the
 * requester's language: a grid and its export say the same thing. The SPA merges them with its own texts; the API
 * loads them with its first export only (they are not part of any function's start).
 */
import { enListTexts } from './list-texts-en';
import { frListTexts } from './list-texts-fr';
import { type Language, translate } from './messages';

export const listTexts = { fr: frListTexts, en: enListTexts } as const;

function lookup(lang: Language, key: string): string | undefined {
  let cur: unknown = listTexts[lang];
  for (const part of key.split('.')) cur = (cur as Record<string, unknown> | undefined)?.[part];
  return typeof cur === 'string' ? cur : undefined;
}

/** A list text in a language; any other key is one of the shared messages (`translate`). */
export const listText = (lang: Language, key: string): string => lookup(lang, key) ?? translate(lang, key);
