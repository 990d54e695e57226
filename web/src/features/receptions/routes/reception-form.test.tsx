import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import {
  answer,
  aUser,
  buttonNamed,
  dialog,
  dialogButton,
  fieldLabelled,
  pick,
  settle,
  showPage,
  stubApi,
} from '../../../testing/pages';
import { receptionQueryOptions } from '../api/get-reception';
import { aReception } from '../testing/reception-pages.testing';
import { ReceptionModifyRoute } from './reception-form';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const WAREHOUSES = [
  { id: 'w1', code: 'BDX', name: 'Bordeaux' },
  { id: 'w2', code: 'COG', name: 'Cognac' },
];

/** A draft with its segment, warehouse and one cart line: it opens on its products. */
const draft = aReception({ statusCode: '000', reference: '', supplierId: null });

const onProducts = () => buttonNamed('Créer un article') !== undefined;
const click = async (button: HTMLButtonElement | undefined) => {
  await act(async () => button?.click());
  await settle();
};

describe('Route: ReceptionModifyRoute, back to step 1 with a filled cart', () => {
  it('goes forward again without losing the cart, and asks before another warehouse empties it', async () => {
    // Prepare
    const fetch = stubApi((method, url) =>
      method === 'PUT'
        ? answer(200, { ...draft, stocks: [], lineCount: 0 })
        : answer(200, url.startsWith('/api/warehouses') ? WAREHOUSES : { data: [], meta: {} }),
    );
    const user = {
      ...aUser('user', ['reception']),
      company: { id: 'c1', code: 'CLI001', name: 'Vignobles', segments: [{ id: 'B2B', code: 'B2B', name: 'B2B' }] },
      warehouseIds: ['w1', 'w2'],
    };
    const el = await showPage(<ReceptionModifyRoute />, {
      role: 'user',
      path: `/reception/modify/${draft.id}`,
      pattern: '/reception/modify/:receptionId',
      data: [
        [USER_QUERY_KEY, user],
        [receptionQueryOptions(draft.id).queryKey, draft],
      ],
    });
    await settle();
    const warehouse = () => fieldLabelled(el, 'Entrepôt de destination');
    const started = onProducts();
    // Act: back to look, and forward again.
    await click(buttonNamed('Précédent'));
    const back = !onProducts();
    await click(buttonNamed('Suivant'));
    const forward = onProducts() && !dialog();
    // Act: another warehouse, kept after all.
    await click(buttonNamed('Précédent'));
    await pick(warehouse(), 'COG - Cognac');
    await click(buttonNamed('Suivant'));
    const asked = dialog() !== null;
    await click(dialogButton('Garder le panier'));
    const kept = { warehouse: warehouse().value, onProducts: onProducts() };
    // Act: another warehouse, and the cart emptied.
    await pick(warehouse(), 'COG - Cognac');
    await click(buttonNamed('Suivant'));
    await click(dialogButton('Vider le panier'));
    // Assess
    expect([started, back, forward, asked]).toEqual([true, true, true, true]);
    expect(kept).toEqual({ warehouse: 'BDX - Bordeaux', onProducts: false });
    expect(onProducts()).toBe(true);
    const saves = fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(saves).toEqual([expect.objectContaining({ warehouseId: 'w2', stocks: [] })]);
  }, 30_000);
});
