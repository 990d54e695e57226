import type { Segment } from '@cellar/shared/common/schemas';
import type { Order } from '@cellar/shared/orders/schemas';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyAddress } from '../../../components/forms/address-values';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { selectedWarehouses } from '../../../lib/selected-warehouses';
import { type } from '../../../testing/dom';
import {
  answer,
  aUser,
  buttonNamed,
  dialog,
  dialogButton,
  fieldLabelled,
  optionsOf,
  pick,
  settle,
  showPage,
  stubApi,
} from '../../../testing/pages';
import { orderQueryOptions } from '../api/get-order';
import { anOrder, anOrderLine } from '../testing/order-pages.testing';
import { OrderModifyRoute } from './order-form';

// The comment fields grow with their text and listen for the fonts, which happy-dom does not load.
beforeAll(() => {
  if (!document.fonts) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A draft saved from its first cart line: no reference yet, its recipient and date already given. */
const draft = anOrder({
  statusCode: '000',
  reference: '',
  customerId: 'r1',
  recipient: {
    ...emptyAddress(),
    company: 'Cave Martin',
    street: '1 rue des Vignes',
    postcode: '33000',
    city: 'Bordeaux',
    displayName: 'Cave Martin',
  },
  deliveryDate: '2099-06-10',
  lineCount: 1,
  stocks: [anOrderLine()],
});

/** A writer of a company selling B2B, on /order/modify/{id} with `order` read. */
function showModify(
  order: Order,
  segments: Segment[] = [{ id: 'B2B', code: 'B2B', name: 'B2B' }],
  warehouseIds = ['w1'],
) {
  const user = {
    ...aUser('user', ['order']),
    company: { id: 'c1', code: 'CLI001', name: 'Vignobles', segments },
    warehouseIds,
  };
  return showPage(<OrderModifyRoute />, {
    role: 'user',
    path: `/order/modify/${order.id}`,
    pattern: '/order/modify/:orderId',
    data: [
      [USER_QUERY_KEY, user],
      [orderQueryOptions(order.id).queryKey, order],
    ],
  });
}

describe('Route: OrderModifyRoute', () => {
  it('lets a draft opened from its pencil be given its reference and sent, as the continued draft is', async () => {
    // Prepare
    const fetch = stubApi((method, url) =>
      method === 'PUT'
        ? answer(200, { ...draft, statusCode: '005' })
        : answer(200, url.includes('/carriers') || url.includes('/warehouses') ? [] : { data: [], meta: {} }),
    );
    const el = await showModify(draft);
    await settle();
    const reference = fieldLabelled(el, 'Référence de la commande');
    // Act
    await act(async () => buttonNamed('Valider la commande')?.click());
    await settle();
    const refused = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').length;
    await type(reference, 'CMD-PENCIL-1');
    await act(async () => buttonNamed('Valider la commande')?.click());
    await settle();
    // Assess
    expect(reference.readOnly).toBe(false);
    expect(refused).toBe(0);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toMatch(/^\/api\/orders\/o1(\?|$)/);
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ reference: 'CMD-PENCIL-1', statusCode: '005' });
  }, 30_000);
});

describe('Route: OrderModifyRoute, for a user attached to some of its company’s warehouses', () => {
  it('looks for products in the user’s warehouses only, and offers those in the warehouse filter', async () => {
    // Prepare
    const warehouses = [
      { id: 'w1', code: 'BDX', name: 'Bordeaux' },
      { id: 'w2', code: 'COG', name: 'Cognac' },
    ];
    const fetch = stubApi((_, url) =>
      answer(
        200,
        url.startsWith('/api/warehouses') ? warehouses : url.includes('/carriers') ? [] : { data: [], meta: {} },
      ),
    );
    // Act: a draft with its owner and segment opens on its products.
    const el = await showModify({ ...draft, customerId: null, recipient: null });
    await settle();
    const filter = fieldLabelled(el, 'Entrepôts');
    // Assess
    const products = fetch.mock.calls
      .map(([url]) => decodeURIComponent(String(url)))
      .filter((u) => u.startsWith('/api/products'));
    expect(products.length).toBeGreaterThan(0);
    for (const url of products) {
      expect(url).toContain('filter[warehouse.uuid]=w1');
      expect(url).not.toContain('w2');
    }
    expect(await optionsOf(filter)).toEqual(['BDX - Bordeaux']);
  }, 30_000);
});

describe('Route: OrderModifyRoute, the warehouses the user selected (spec 1 §3)', () => {
  afterEach(() => localStorage.clear());

  it('opens the warehouse filter on the warehouses the user selected last, and keeps a new choice', async () => {
    // Prepare: a user of three warehouses, who last worked in Cognac.
    const warehouses = [
      { id: 'w1', code: 'BDX', name: 'Bordeaux' },
      { id: 'w2', code: 'COG', name: 'Cognac' },
      { id: 'w3', code: 'REI', name: 'Reims' },
    ];
    selectedWarehouses.set('u1', ['w2']);
    const fetch = stubApi((_, url) =>
      answer(
        200,
        url.startsWith('/api/warehouses') ? warehouses : url.includes('/carriers') ? [] : { data: [], meta: {} },
      ),
    );
    const searched = () =>
      fetch.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((u) => u.startsWith('/api/products'));
    // Act: a draft with its owner and segment opens on its products.
    const el = await showModify({ ...draft, customerId: null, recipient: null }, undefined, ['w1', 'w2', 'w3']);
    await settle();
    const first = searched();
    await pick(fieldLabelled(el, 'Entrepôts'), 'REI - Reims');
    // Assess
    expect(first.length).toBeGreaterThan(0);
    for (const url of first) expect(url).toContain('filter[warehouse.uuid]=w2');
    expect(searched().at(-1)).toContain('filter[warehouse.uuid]=w2,w3');
    expect(selectedWarehouses.get('u1', warehouses)).toEqual(['w2', 'w3']);
  }, 30_000);
});

describe('Route: OrderModifyRoute, back to step 1 with a filled cart', () => {
  const bothSegments: Segment[] = [
    { id: 'B2B', code: 'B2B', name: 'B2B' },
    { id: 'B2C', code: 'B2C', name: 'B2C' },
  ];
  const onProducts = () => buttonNamed('Valider le panier') !== undefined;
  const cartSaves = (fetch: ReturnType<typeof stubApi>) =>
    fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
  const click = async (button: HTMLButtonElement | undefined) => {
    await act(async () => button?.click());
    await settle();
  };

  it('goes forward again without losing the cart, and asks before a new segment empties it', async () => {
    // Prepare: a draft with its owner and segment opens on its products.
    const fetch = stubApi((method, url) =>
      method === 'PUT'
        ? answer(200, { ...draft, stocks: [], lineCount: 0 })
        : answer(200, url.includes('/carriers') || url.includes('/warehouses') ? [] : { data: [], meta: {} }),
    );
    const el = await showModify({ ...draft, customerId: null, recipient: null }, bothSegments);
    await settle();
    const started = onProducts();
    // Act: back to look, and forward again.
    await click(buttonNamed('Précédent'));
    const back = !onProducts();
    await click(buttonNamed('Suivant'));
    const forward = onProducts() && !dialog();
    // Act: another segment, kept after all.
    await click(buttonNamed('Précédent'));
    await pick(fieldLabelled(el, 'Segment'), 'B2C');
    await click(buttonNamed('Suivant'));
    const question = dialog()?.textContent ?? '';
    await click(dialogButton('Garder le panier'));
    const kept = { segment: fieldLabelled(el, 'Segment').value, onProducts: onProducts() };
    // Act: another segment, and the cart emptied.
    await pick(fieldLabelled(el, 'Segment'), 'B2C');
    await click(buttonNamed('Suivant'));
    await click(dialogButton('Vider le panier'));
    // Assess
    expect([started, back, forward]).toEqual([true, true, true]);
    expect(question).toContain('Le panier a été rempli pour le segment B2B');
    expect(question).toContain('segment B2C');
    expect(kept).toEqual({ segment: 'B2B', onProducts: false });
    expect(onProducts()).toBe(false);
    expect(fieldLabelled(el, 'Segment')).toBeUndefined();
    expect(cartSaves(fetch)).toEqual([expect.objectContaining({ segment: 'B2C', stocks: [] })]);
  }, 30_000);
});
