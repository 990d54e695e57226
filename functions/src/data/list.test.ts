import { QueryError, wordQueryMessages } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { describe, expect, it } from 'vitest';
import {
  answersExactly,
  indexRange,
  keyDateRange,
  listSortKey,
  type PlannedList,
  searchPrefixes,
  sortKeyOf,
  sortValue,
  ways,
} from './list';

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
    // A day widens by one on each side: an instant's Paris day may start the UTC day before.
    [{ field: 'f', op: 'le', values: ['2026-01-31'] }, { skTo: '2026-02-01t23:59:59.999\uffff' }],
    [{ field: 'f', op: 'ge', values: ['2026-02-01'] }, { skFrom: '2026-01-31' }],
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

describe('Function: listSortKey', () => {
  it('puts the list’s tie-break value after every other column’s value, before the id', () => {
    // Prepare
    const spec = routes.productList.list;
    const row = { code: 'CHB-01', label: 'Château Beau', attributes: { color: 'RG' } };
    // Act / Assess
    expect(listSortKey(spec, row, 'attributes.color', 'P1')).toBe('rg#chb-01#P1');
    expect(listSortKey(spec, row, 'code', 'P1')).toBe('chb-01#P1');
    expect(listSortKey(routes.contactList.list, { code: 'A' }, 'code', 'C1')).toBe('a#C1');
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

  it('reads one value of a column in the list’s tie-break order, a page at a time; a range of values is not', () => {
    // Prepare: the product list, whose list-sort keys order by the code after their own value
    const products = list({ spec: routes.productList.list, keySource: { pk: 'T#o', skPrefix: 'PRODUCT#' } });
    const colour = (op: 'eq' | 'startsWith', value: string) => [{ field: 'attributes.color', op, values: [value] }];
    // Act
    const one = ways({ ...products, conditions: colour('eq', 'RG') }, { field: 'code', desc: true });
    const range = ways({ ...products, conditions: colour('startsWith', 'R') }, { field: 'code', desc: false });
    // Assess
    expect(one).toEqual([
      {
        source: { index: 'LS5', pk: 'T#o#CONTACT#recipient', desc: true, skPrefix: 'rg#' },
        ordered: true,
        answers: colour('eq', 'RG')[0],
      },
    ]);
    expect(range.map((w) => [w.source.index ?? 'table', w.ordered])).toEqual([
      ['LS5', false],
      ['table', true],
    ]);
  });

  it('reads a search in the list’s tie-break order from its first three letters’ entries, after its own words', () => {
    // Prepare: the product list, whose search entries are also kept in code order
    const products = list({ spec: routes.productList.list, keySource: { pk: 'T#o', skPrefix: 'PRODUCT#' } });
    const conditions = [
      { field: 'search', op: 'eq' as const, values: ['chateau'] },
      { field: 'attributes.color', op: 'eq' as const, values: ['RG'] },
    ];
    // Act
    const inOrder = ways({ ...products, conditions }, { field: 'code', desc: true });
    const byLabel = ways({ ...products, conditions }, { field: 'label', desc: false });
    // Assess: the word's own entries and the colour probed first, then the entries of 'cha' in code order
    expect(inOrder.map((w) => [w.source.index ?? 'table', w.source.pk, w.ordered, w.entries ?? false])).toEqual([
      ['table', 'SEARCH#T#o#CONTACT#recipient#c', false, false],
      ['LS5', 'T#o#CONTACT#recipient', false, false],
      ['table', 'ORDERED#T#o#CONTACT#recipient#cha', true, true],
    ]);
    expect(inOrder.at(-1)?.source.desc).toBe(true);
    // Sorted by another column than the tie-break, the entries are not in its order.
    expect(byLabel.some((w) => w.entries)).toBe(false);
  });

  it('sorts every owner’s list by its key only, and says so in the caller’s words', () => {
    let refused: unknown;
    try {
      ways(list({ sortScope: undefined }), { field: 'address.city', desc: false });
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(QueryError);
    const { messages } = refused as QueryError;
    expect(wordQueryMessages(messages, 'fr')).toEqual({
      sort: ['Pour trier par address.city, choisissez un propriétaire (filter[owner.id]).'],
    });
    expect(wordQueryMessages(messages, 'en')).toEqual({
      sort: ['Sorting by address.city needs one owner: filter by owner.id.'],
    });
  });
});

describe('Function: answersExactly', () => {
  const eq = (...values: string[]) => ({ field: 'attributes.color', op: 'eq' as const, values });
  it('says a text column’s range of one value holds exactly its rows, accents and case folded as the filter does', () => {
    expect(answersExactly(eq('RG'))).toBe(true);
    expect(answersExactly(eq('Rosé'))).toBe(true);
  });
  it('says not for a value that may meet another in the key, for several values, a day, none, or a typed column', () => {
    // A space or a '#' (kept as a space), 200 characters (the key keeps 200), a day (its instants are in it too)
    expect(answersExactly(eq('Vin de France'))).toBe(false);
    expect(answersExactly(eq('A#B'))).toBe(false);
    expect(answersExactly(eq('x'.repeat(200)))).toBe(false);
    expect(answersExactly(eq('2026-01-31'))).toBe(false);
    expect(answersExactly(eq('NULL'))).toBe(false);
    expect(answersExactly(eq(sortValue(12)))).toBe(false);
    expect(answersExactly(eq('RG', 'BL'))).toBe(false);
    expect(answersExactly({ ...eq('R'), op: 'startsWith' })).toBe(false);
    expect(answersExactly(eq('1'), 'boolean')).toBe(false);
    expect(answersExactly(eq('12'), 'number')).toBe(false);
  });
});

describe('Function: searchPrefixes', () => {
  it('gives each word’s first one, two and three letters, once', () => {
    expect(searchPrefixes(['chateau', 'chapelle', 'a', '75'])).toEqual(['c', 'ch', 'cha', 'a', '7', '75']);
  });
});

describe('keyDateRange', () => {
  it('reads a range of days from the first instant of the first to the last of the last, in Paris', () => {
    const { range, wholeDays, days } = keyDateRange(
      [{ field: 'date', op: 'bt', values: ['2026-02-01', '2026-07-15'] }],
      'date',
    );
    expect(range).toEqual(['2026-01-31T23:00:00.000Z', '2026-07-15T21:59:59.999Z\uffff']);
    expect(wholeDays).toBe(true);
    expect(days).toEqual(['2026-02-01', '2026-07-15']);
  });

  it('excludes the named day with gt and lt', () => {
    const { range, days } = keyDateRange(
      [
        { field: 'date', op: 'gt', values: ['2026-01-31'] },
        { field: 'date', op: 'lt', values: ['2026-03-01'] },
      ],
      'date',
    );
    expect(range).toEqual(['2026-01-31T23:00:00.000Z', '2026-02-28T22:59:59.999Z\uffff']);
    expect(days).toEqual(['2026-02-01', '2026-02-28']);
  });
});
