import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { PAGE_TITLES, pageLabel, typeLabel } from './page-names';

const t = ((key: string) => `t:${key}`) as TFunction;
const lookup = (key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], en);

describe('Function: pageLabel', () => {
  it.each([
    ['client-user-create', 't:users.create_title'],
    ['supplier-list', 't:contacts.supplier.list_title'],
    ['dashboard', 't:dashboard.title'],
    ['a-page-of-long-ago', 'a-page-of-long-ago'],
  ])('words %s as %s', (name, label) => expect(pageLabel(name, t)).toBe(label));

  it('knows a worded title for every page name', () => {
    expect(PAGE_TITLES.size).toBeGreaterThan(30);
    expect([...PAGE_TITLES.values()].filter((key) => typeof lookup(key) !== 'string')).toEqual([]);
  });
});

describe('Function: typeLabel', () => {
  it('words the page views and leaves an unknown type as it is', () => {
    expect(typeLabel('pageView', t)).toBe('t:stats.types.pageView');
    expect(typeLabel('export', t)).toBe('export');
  });
});
