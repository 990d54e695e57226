import type { Packing } from '@cellar/shared/orders/schemas';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, buttonNamed, settle, showPage, stubApi } from '../../../testing/pages';
import { PackingList } from './packing-list';

// happy-dom lays nothing out, so the menu's focus trap finds nothing it deems focusable: its warning says so only.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('[@mantine/hooks/use-focus-trap]')) warn(...args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const packing: Packing = {
  sscc: '003760000000000017',
  weight: 12.5,
  quantity: 6,
  support: 'CARTON',
  details: [{ productCode: 'CHB001', label: 'Château B', pcb: 6, batch: 'L26', quantity: 6, quantityInCols: 1 }],
};

/** The packing list for a user whose saved columns are `saved` (none: no preference). */
async function showPackings(saved: string[] | null) {
  const fetch = stubApi((method, url) =>
    url === '/api/preferences/orderPacking' && method === 'GET'
      ? answer(200, saved && { slug: 'orderPacking', columns: saved })
      : answer(200, { slug: 'orderPacking', columns: JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body)).columns }),
  );
  const el = await showPage(<PackingList packings={[packing]} />, { role: 'user', path: '/p', pattern: '/p' });
  await settle();
  return { el, fetch };
}

const headers = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-testid="order-packings"] th')].map((th) => th.textContent);
const cells = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-testid="order-packings"] tbody td')].map((td) => td.textContent);
const switchNamed = (label: string) =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
    (i) => i.labels?.[0]?.textContent === label,
  );

describe('Component: PackingList', () => {
  it('shows every column when the user saved none', async () => {
    // Act
    const { el } = await showPackings(null);
    // Assess
    expect(headers(el)).toEqual(['SSCC', 'Support', 'Poids', 'Quantité', 'Contenu']);
    expect(cells(el)).toEqual([
      '003760000000000017',
      'CARTON',
      '12.5 kg',
      '6',
      'CHB001 Château B (L26) × 6 – 1 carton',
    ]);
  });

  it('shows the columns the user saved (slug orderPacking), in their order of importance', async () => {
    // Act
    const { el, fetch } = await showPackings(['details', 'sscc']);
    // Assess
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/preferences/orderPacking');
    expect(headers(el)).toEqual(['SSCC', 'Contenu']);
    expect(cells(el)).toEqual(['003760000000000017', 'CHB001 Château B (L26) × 6 – 1 carton']);
  });

  it('shows a column switched on in the column menu at once, and saves the layout as the grids do', async () => {
    // Prepare
    const { el, fetch } = await showPackings(['sscc', 'details']);
    // Act
    await act(async () => buttonNamed('Colonnes')?.click());
    await settle();
    await act(async () => switchNamed('Poids')?.click());
    await settle();
    const shown = headers(el);
    await act(async () => buttonNamed('Enregistrer')?.click());
    await settle();
    // Assess
    expect(shown).toEqual(['SSCC', 'Poids', 'Contenu']);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/preferences/orderPacking');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ columns: ['sscc', 'weight', 'details'] });
  });

  it('keeps one column at least: the last one shown cannot be switched off', async () => {
    // Prepare
    await showPackings(['sscc']);
    // Act
    await act(async () => buttonNamed('Colonnes')?.click());
    await settle();
    // Assess
    expect(switchNamed('SSCC')?.disabled).toBe(true);
    expect(switchNamed('Poids')?.disabled).toBe(false);
  });
});
