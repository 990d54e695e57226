import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparator, matchesCondition } from './match';
import {
  checkListQuery,
  exportFields,
  FILTER_VALUE_MAX,
  LIST_PARAM_VALUES,
  type ListQuery,
  MAX_PAGE,
  OPERATORS,
  parseListQuery,
  QueryError,
  refuseRepeated,
  serializeListQuery,
} from './query';

const fieldArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}(\.[A-Za-z_][A-Za-z0-9_]{0,8}){0,2}$/);
const RESERVED = new Set(['sort', 'include', 'paginate', 'page']);
const queryArb: fc.Arbitrary<ListQuery> = fc.record({
  filters: fc
    .uniqueArray(
      fc.record({
        field: fieldArb,
        op: fc.constantFrom(...OPERATORS),
        values: fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 3 }),
      }),
      { selector: (c) => `${c.field}|${c.op === 'eq' ? '' : c.op}` },
    )
    .map((fs) => fs.map((f) => (f.op === 'bt' ? { ...f, values: [f.values[0] ?? '', f.values[1] ?? ''] } : f))),
  // Each field once: a field sorted twice or included twice is refused.
  sort: fc.uniqueArray(fc.record({ field: fieldArb, desc: fc.boolean() }), { maxLength: 3, selector: (s) => s.field }),
  include: fc.uniqueArray(fieldArb, { maxLength: 3 }),
  paginate: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
  page: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  params: fc.dictionary(
    fc.stringMatching(/^[a-z_]{1,10}$/).filter((k) => !RESERVED.has(k) && !k.startsWith('filter')),
    fc.string(),
    { maxKeys: 3 },
  ),
});

const strip = (q: ListQuery) => JSON.parse(JSON.stringify(q));

describe('Function: parseListQuery ∘ serializeListQuery', () => {
  it('is the identity on every valid query', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        expect(strip(parseListQuery(serializeListQuery(q)))).toEqual(strip(q));
      }),
      {
        numRuns: 500,
      },
    );
  });

  it('keeps a parameter named __proto__ as a parameter, which the list refuses', () => {
    const q = parseListQuery([['__proto__', 'x']]);
    expect(Object.keys(q.params)).toEqual(['__proto__']);
    expect(() => checkListQuery(q, { filters: [], sorts: [], includes: [] })).toThrow(QueryError);
  });

  it('never crashes on garbage: it parses or throws a QueryError with field messages', () => {
    const entries = fc.array(
      fc.tuple(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            'filter',
            'filter[',
            'filter[a][',
            'sort',
            'page',
            'paginate',
            'include',
            'filter[a][zz]',
            'filter[][eq]',
          ),
        ),
        fc.string(),
      ),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(entries, (list) => {
        try {
          parseListQuery(list);
        } catch (e) {
          expect(e).toBeInstanceOf(QueryError);
          expect(Object.keys((e as QueryError).errors).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('Function: parseListQuery', () => {
  it('reads the shapes of the specs', () => {
    const q = parseListQuery(
      'filter[type]=recipient&filter[owner.segments]=B2B,B2C&filter[createdAt][bt]=2026-01-01,2026-01-31&sort=-createdAt,code&include=owner,warehouse&paginate=20&page=2&output=csv',
    );
    expect(q.filters).toEqual([
      { field: 'type', op: 'eq', values: ['recipient'] },
      { field: 'owner.segments', op: 'eq', values: ['B2B', 'B2C'] },
      { field: 'createdAt', op: 'bt', values: ['2026-01-01', '2026-01-31'] },
    ]);
    expect(q.sort).toEqual([
      { field: 'createdAt', desc: true },
      { field: 'code', desc: false },
    ]);
    expect(q.include).toEqual(['owner', 'warehouse']);
    expect(q.paginate).toBe(20);
    expect(q.page).toBe(2);
    expect(q.params).toEqual({ output: 'csv' });
  });

  it('takes a filter value up to FILTER_VALUE_MAX characters', () => {
    const q = parseListQuery(`filter[code]=${'x'.repeat(FILTER_VALUE_MAX)}`);
    expect(q.filters[0]?.values[0]).toHaveLength(FILTER_VALUE_MAX);
  });

  it('keeps an escaped comma inside one value', () => {
    const q = parseListQuery(
      serializeListQuery({
        filters: [{ field: 'search', op: 'contains', values: ['Dupont, Jean'] }],
        sort: [],
        include: [],
        params: {},
      }),
    );
    expect(q.filters[0]?.values).toEqual(['Dupont, Jean']);
  });

  it.each([
    ['filter[a][foo]=1', 'filter[a][foo]'],
    ['filter[a][bt]=1', 'filter[a][bt]'],
    ['filter[1a]=1', 'filter[1a]'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['paginate=5001', 'paginate'],
    ['sort=-', 'sort'],
    ['page=1&page=2', 'page'],
    [`filter[code]=${'x'.repeat(FILTER_VALUE_MAX + 1)}`, 'filter[code]'],
  ])('%s is a 422 on %s', (qs, field) => {
    expect(() => parseListQuery(qs)).toThrow(QueryError);
    try {
      parseListQuery(qs);
    } catch (e) {
      expect((e as QueryError).errors[field]).toBeDefined();
    }
  });
});

describe('Function: checkListQuery', () => {
  const spec = { filters: ['code'], sorts: ['code'], includes: ['owner'], params: ['output'] };
  it('accepts what the route allows', () => {
    expect(() =>
      checkListQuery(parseListQuery('filter[code]=A&sort=-code&include=owner&output=csv'), spec),
    ).not.toThrow();
  });
  it('refuses fields, sorts, includes and parameters the route does not know', () => {
    expect(() => checkListQuery(parseListQuery('filter[secret]=1'), spec)).toThrow(QueryError);
    expect(() => checkListQuery(parseListQuery('sort=secret'), spec)).toThrow(QueryError);
    expect(() => checkListQuery(parseListQuery('include=secret'), spec)).toThrow(QueryError);
    expect(() => checkListQuery(parseListQuery('tenant=x'), spec)).toThrow(QueryError);
  });
  it('refuses a sort field, an include or an export column given twice in its list, as the document says', () => {
    const refused = (query: string) => {
      try {
        exportFields(parseListQuery(query), { ...spec, columns: ['code', 'label', 'warehouse.code'] });
      } catch (e) {
        return (e as QueryError).errors;
      }
      return {};
    };
    expect(refused('sort=code,-code')).toEqual({ sort: ['code is given more than once.'] });
    expect(refused('include=owner,warehouse,owner')).toEqual({ include: ['owner is given more than once.'] });
    expect(refused('columns=code,label,code')).toEqual({ columns: ['Columns given more than once: code.'] });
    // A column beside an alias that stands for it: two names, written once, as before.
    expect(refused('columns=warehouse.code,warehouse.name')).toEqual({});
    expect(refused('sort=-code&include=owner,warehouse&columns=code,warehouse.name')).toEqual({});
  });
});

describe('Paging', () => {
  it('takes a page from 1 to MAX_PAGE, as the document says', () => {
    expect(parseListQuery(`page=${MAX_PAGE}`).page).toBe(MAX_PAGE);
    expect(() => parseListQuery(`page=${MAX_PAGE + 1}`)).toThrow(
      expect.objectContaining({ errors: { page: [`page must be a whole number from 1 to ${MAX_PAGE}.`] } }),
    );
  });
});

describe('The list parameters beyond the filter language', () => {
  const spec = { filters: [], sorts: [], includes: [], params: ['q', 'hidden', 'light'] };
  const refused = (query: string) => {
    try {
      checkListQuery(parseListQuery(query), spec);
    } catch (e) {
      return (e as QueryError).errors;
    }
    return {};
  };
  it('take the values they are documented with, and refuse any other, naming the parameter', () => {
    expect(refused(`q=${'a'.repeat(200)}&hidden=false&light=true`)).toEqual({});
    expect(refused('q=&hidden=true&light=false')).toEqual({});
    expect(refused(`hidden=banana&light=1&q=${'a'.repeat(201)}`)).toEqual({
      hidden: ['hidden must be one of true, false.'],
      light: ['light must be one of true, false.'],
      q: ['q holds at most 200 characters.'],
    });
  });
  it('are checked only where a list takes them', () => {
    expect(refused('nope=1')).toEqual({ nope: ['Unknown parameter nope.'] });
    expect(Object.keys(LIST_PARAM_VALUES)).toEqual(['q', 'hidden', 'light']);
  });
});

describe('Function: refuseRepeated', () => {
  it('refuses a parameter given twice, naming it, whatever the route reads', () => {
    expect(() => refuseRepeated(new URLSearchParams('include=a&output=pdf'))).not.toThrow();
    let errors: Record<string, string[]> = {};
    try {
      refuseRepeated(new URLSearchParams('include=a&include=b&__proto__=1&__proto__=2'));
    } catch (e) {
      errors = (e as QueryError).errors;
    }
    expect(Object.entries(errors)).toEqual([
      ['include', ['include is given more than once.']],
      ['__proto__', ['__proto__ is given more than once.']],
    ]);
  });
});

describe('Function: matchesCondition', () => {
  const rec = {
    code: 'CLT0001',
    city: 'Saint-Émilion',
    qty: 12,
    createdAt: '2026-01-31T18:00:00.000Z',
    segments: ['B2B'],
    segment: null,
  };
  it.each([
    ['code', 'eq', ['clt0001'], true],
    ['code', 'eq', ['X', 'CLT0001'], true],
    ['code', 'ne', ['CLT0001'], false],
    ['qty', 'gt', ['11'], true],
    ['qty', 'ge', ['12'], true],
    ['qty', 'lt', ['12'], false],
    ['qty', 'le', ['12'], true],
    ['createdAt', 'bt', ['2026-01-01', '2026-01-31'], true],
    ['createdAt', 'le', ['2026-01-31'], true],
    ['createdAt', 'lt', ['2026-01-31'], false],
    ['createdAt', 'gt', ['2026-01-31'], false],
    ['createdAt', 'gt', ['2026-01-30'], true],
    ['createdAt', 'ge', ['2026-01-31'], true],
    ['city', 'startsWith', ['saint-e'], true],
    ['city', 'endsWith', ['EMILION'], true],
    ['city', 'contains', ['émil'], true],
    ['city', 'not', ['emil'], false],
    ['code', 'notIn', ['A', 'B'], true],
    ['code', 'or', ['A', 'CLT0001'], true],
    ['segments', 'and', ['B2B', 'B2C'], false],
    ['segments', 'and', ['B2B'], true],
    ['segment', 'eq', ['NULL'], true],
    ['segment', 'eq', ['B2B', 'NULL'], true],
    ['code', 'eq', ['NULL'], false],
  ] as const)('%s %s %j → %s', (field, op, values, expected) => {
    expect(matchesCondition(rec, { field, op, values: [...values] })).toBe(expected);
  });
});

describe('Function: comparator', () => {
  it('sorts text ignoring case and accents, missing last, descending on demand', () => {
    const rows = [{ n: 'été' }, { n: 'Abc' }, {}, { n: 'zèbre' }, { n: 'eta' }];
    expect(rows.sort(comparator([{ field: 'n', desc: false }])).map((r) => (r as { n?: string }).n)).toEqual([
      'Abc',
      'eta',
      'été',
      'zèbre',
      undefined,
    ]);
    expect(rows.sort(comparator([{ field: 'n', desc: true }]))[0]).toEqual({ n: 'zèbre' });
  });
});

describe('Function: exportFields', () => {
  const spec = {
    filters: [],
    sorts: [],
    includes: [],
    columns: ['code', 'warehouse.code', 'firstname', 'lastname'],
    columnAliases: { name: ['firstname', 'lastname'] },
  };
  const q = (columns?: string) => parseListQuery(columns === undefined ? [] : [['columns', columns]]);
  it('writes every allowed column when none is asked for', () => expect(exportFields(q(), spec)).toEqual(spec.columns));
  it('replaces the list’s aliases and the warehouse name by what they stand for, once each', () =>
    expect(exportFields(q('name,warehouse.name,code,warehouse.code'), spec)).toEqual([
      'firstname',
      'lastname',
      'warehouse.code',
      'code',
    ]));
  it('refuses an unknown column, naming it', () => {
    expect(() => exportFields(q('code,password'), spec)).toThrow(
      expect.objectContaining({ errors: { columns: ['Unknown columns: password.'] } }),
    );
    expect(() => exportFields(q('__proto__'), spec)).toThrow(QueryError);
  });
});
