import { routes } from '@cellar/shared/routes/table';
import { describe, expect, it } from 'vitest';
import { indexRange, type PlannedList, sortKeyOf, sortValue, ways } from './list';

describe('Function: sortValue', () => {
  it('orders numbers as numbers, negatives first', () => {
    // Prepare
    const numbers = [12, -3, 0, 2.5, -40, 1_000_000];
    // Act
    const ordered = numbers.map((n) => [n, sortValue(n)] as const).sort((a, b) => (a[1] < b[1] ? -1 : 1));
    // Assess
    expect(ordered.map(([n]) => n)).toEqual([-40, -3, 0, 2.5, 12, 1_000_000]);
  });

  it.each([
    ['Château', 'chateau'],
    ['ÉPERNAY', 'epernay'],
    ['a#b', 'a b'],
    [null, ''],
    ['', ''],
    [true, '1'],
  ])('encodes %j as %j', (value, encoded) => {
    expect(sortValue(value)).toBe(encoded);
  });

  it('keeps missing values before every other value', () => {
    expect(sortKeyOf(sortValue(null), 'z') < sortKeyOf(sortValue('a'), 'a')).toBe(true);
  });
});

describe('Function: indexRange', () => {
  it.each([
    [{ field: 'f', op: 'eq', values: ['Reims'] }, { skPrefix: 'reims#' }],
    [{ field: 'f', op: 'startsWith', values: ['Ré'] }, { skPrefix: 're' }],
    [{ field: 'f', op: 'ge', values: ['b'] }, { skFrom: 'b' }],
    [{ field: 'f', op: 'le', values: ['2026-01-31'] }, { skTo: '2026-01-31t23:59:59.999\uffff' }],
    [{ field: 'f', op: 'bt', values: ['a', 'c'] }, { skBetween: ['a', 'c\uffff'] }],
    [{ field: 'f', op: 'eq', values: ['NULL'] }, { skPrefix: '#' }],
  ] as const)('%j reads %j', (condition, range) => {
    expect(indexRange({ ...condition, values: [...condition.values] })).toEqual(range);
  });

  it.each([
    [{ field: 'f', op: 'contains', values: ['x'] }, undefined],
    [{ field: 'f', op: 'eq', values: ['a', 'b'] }, undefined],
    [{ field: 'f', op: 'startsWith', values: ['1'] }, 'number'],
    [{ field: 'f', op: 'gt', values: ['abc'] }, 'number'],
  ] as const)('leaves %j to the rows read (%s)', (condition, type) => {
    expect(indexRange({ ...condition, values: [...condition.values] }, type)).toBeUndefined();
  });
});

describe('Function: ways', () => {
  const list = (over: Partial<PlannedList<{ id: string }>>): PlannedList<{ id: string }> => ({
    spec: routes.contactList.list,
    keySource: { pk: 'T#o', skPrefix: 'CONTACT#recipient#' },
    keySort: { field: 'code', desc: false },
    sortScope: 'T#o#CONTACT#recipient',
    searchScope: 'T#o#CONTACT#recipient',
    conditions: [],
    sort: [],
    map: (i) => ({ id: String(i.id) }),
    id: (r) => r.id,
    words: () => [],
    ...over,
  });

  it('reads the key in its order without filters', () => {
    // Act
    const out = ways(list({}), { field: 'code', desc: true });
    // Assess
    expect(out).toEqual([
      { source: { pk: 'T#o', skPrefix: 'CONTACT#recipient#', desc: true }, ordered: true, key: true },
    ]);
  });

  it('tries the search words, then a filtered column, before the sort column’s index', () => {
    // Prepare
    const conditions = [
      { field: 'search', op: 'eq' as const, values: ['chat margaux'] },
      { field: 'address.city', op: 'eq' as const, values: ['Reims'] },
    ];
    // Act
    const out = ways(list({ conditions }), { field: 'displayName', desc: false });
    // Assess
    expect(out.map((w) => [w.source.index ?? 'table', w.source.pk, w.source.skPrefix, w.ordered])).toEqual([
      ['table', 'SEARCH#T#o#CONTACT#recipient#m', 'margaux', false],
      ['LS4', 'T#o#CONTACT#recipient', 'reims#', false],
      ['LS1', 'T#o#CONTACT#recipient', undefined, true],
    ]);
  });

  it('narrows the sort column’s own index by a filter on that column', () => {
    // Act
    const out = ways(list({ conditions: [{ field: 'address.city', op: 'startsWith', values: ['b'] }] }), {
      field: 'address.city',
      desc: false,
    });
    // Assess
    expect(out).toEqual([
      {
        source: { index: 'LS4', pk: 'T#o#CONTACT#recipient', desc: false, skPrefix: 'b' },
        ordered: true,
      },
    ]);
  });

  it('sorts every owner’s list by its key only', () => {
    expect(() => ways(list({ sortScope: undefined }), { field: 'address.city', desc: false })).toThrow();
  });
});
