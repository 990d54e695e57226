import { yearBounds } from '@cellar/shared/dashboard/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadTexts } from '../../lib/i18n';
import { filterChips, filterWords, pagerText } from './grid-states';
import { modelOf } from './list-query';
import { countAfter } from './use-list-datasource';

// French is loaded with the module (the default language); English when asked for.
beforeAll(() => loadTexts('en'));

const fr = i18n.getFixedT('fr');
const en = i18n.getFixedT('en');
const NBSP = '\u202f';

describe('Function: pagerText', () => {
  it.each([
    ['a first page of a counted list', 0, { total: 260, exact: true }, '1–20 sur 260', 'Page 1 sur 13', 12],
    ['the last, shorter page', 12, { total: 260, exact: true }, '241–260 sur 260', 'Page 13 sur 13', 12],
    ['a list counted only so far', 0, { total: 220, exact: false }, '1–20 sur plus de 220', 'Page 1', null],
    ['a page past the floor counted', 11, { total: 220, exact: false }, '221–240 sur plus de 240', 'Page 12', null],
    ['thousands', 0, { total: 12345, exact: true }, `1–20 sur 12${NBSP}345`, 'Page 1 sur 618', 617],
  ])('%s', (_, page, count, rows, pages, lastPage) => {
    // Act
    const text = pagerText({ page, pageSize: 20, count }, fr, 'fr');
    // Assess
    expect(text).toEqual({ rows, pages, lastPage });
  });

  it('says so in English', () => {
    expect(pagerText({ page: 0, pageSize: 20, count: { total: 220, exact: false } }, en, 'en')).toEqual({
      rows: '1–20 of more than 220',
      pages: 'Page 1',
      lastPage: null,
    });
  });

  it('names an empty list', () => {
    expect(pagerText({ page: 0, pageSize: 20, count: { total: 0, exact: true } }, fr, 'fr').rows).toBe('Aucune ligne');
  });
});

describe('Function: countAfter', () => {
  it('keeps the largest floor until a page says where the list ends', () => {
    // Act
    const floor = countAfter(null, { total: 220, has_more: true });
    const higher = countAfter(floor, { total: 240, has_more: true });
    const exact = countAfter(higher, { total: 251 });
    // Assess
    expect(floor).toEqual({ total: 220, exact: false });
    expect(higher).toEqual({ total: 240, exact: false });
    expect(exact).toEqual({ total: 251, exact: true });
    expect(countAfter(exact, { total: 260, has_more: true })).toEqual(exact);
  });
});

describe('Function: filterChips', () => {
  it('words each active filter with its column, in the columns’ order, and skips empty ones', () => {
    // Prepare
    const columns = [
      { field: 'code', label: 'Code' },
      { field: 'address.city', label: 'Ville' },
      { field: 'segment', label: 'Segment', choices: [{ value: 'NULL', label: 'segments.none' }] },
      { field: 'quantity', label: 'Quantité' },
    ];
    // Act
    const chips = filterChips(
      {
        quantity: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 5 },
        'address.city': { filterType: 'text', type: 'contains', filter: 'Bordeaux' },
        code: { filterType: 'text', type: 'contains', filter: '' },
        segment: { filterType: 'choice', values: ['NULL'] },
      },
      columns,
      fr,
      'fr',
    );
    // Assess
    expect(chips.map((c) => c.text)).toEqual([
      'Ville : contient « Bordeaux »',
      `Segment : ${fr('segments.none')}`,
      'Quantité : de 1 à 5',
    ]);
  });
});

describe('Function: filterWords', () => {
  const choices = [
    { value: '010', label: 'status.order.entry' },
    { value: '020|030', label: 'status.order.inProgress' },
  ];

  it('names a choice standing for several values once, when the filter holds them all', () => {
    const words = filterWords({ filterType: 'choice', values: ['020', '030', '010'] }, choices, fr, 'fr');
    expect(words).toBe('Saisie, En cours');
  });

  it('shows a value no choice names as it is', () => {
    expect(filterWords({ filterType: 'choice', values: ['020'] }, choices, fr, 'fr')).toBe('020');
  });

  it.each([
    [2026, 'de 01/01/2026 à 31/12/2026'],
    [2025, 'de 01/01/2025 à 31/12/2025'],
  ])('words the year %i a dashboard card opens from its first day to its last', (year, words) => {
    // Prepare: the card's link, as its list reads it
    const model = modelOf('date', { field: 'createdAt', op: 'bt', values: yearBounds(year) });
    // Act
    const text = model && filterWords(model, undefined, fr, 'fr');
    // Assess
    expect(text).toBe(words);
  });
});
