/**
 * The statistics name pages and log types as the activity logs store them ('client-user-create', 'pageView'):
 * a reader sees the page's title and the type's name in their language instead.
 */
import type { TFunction } from 'i18next';
import { type AppPath, paths } from '../../../config/paths';

const isPath = (v: unknown): v is AppPath =>
  typeof v === 'object' && v !== null && typeof (v as AppPath).name === 'string' && 'title' in v;

function collect(node: object, out: Map<string, string>) {
  for (const v of Object.values(node)) {
    if (isPath(v)) {
      if (!out.has(v.name)) out.set(v.name, v.title);
    } else if (typeof v === 'object' && v !== null) collect(v, out);
  }
  return out;
}

/** Page name → i18n key of its title (the first page of that name: a list and its company variant share one). */
export const PAGE_TITLES: ReadonlyMap<string, string> = collect(paths, new Map());

/** Log types the statistics word (the SPA logs page views only). */
const TYPE_KEYS: Readonly<Record<string, string>> = { pageView: 'stats.types.pageView' };

/** A page's title; a name no page has any more (an older version's) shows as it is. */
export const pageLabel = (name: string, t: TFunction) => {
  const key = PAGE_TITLES.get(name);
  return key ? t(key) : name;
};

export const typeLabel = (type: string, t: TFunction) => {
  const key = TYPE_KEYS[type];
  return key ? t(key) : type;
};
