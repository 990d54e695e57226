import type { RoleSlug } from '@cellar/shared/access/roles';
import { NO_FULFILMENT, type Order } from '@cellar/shared/orders/schemas';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, dialog, dialogButton, notices, settle } from '../../../testing/pages';
import { anOrder, showOrderPage, stubOrderApi } from '../testing/order-pages.testing';
import { CancellationNotice, CancelOrderButton } from './cancel-order';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const buttons = (el: HTMLElement) => [...el.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('Component: CancelOrderButton', () => {
  it.each<[string, RoleSlug, Partial<Order>, string | null]>([
    ['transmitting', 'user', { statusCode: '005' }, 'Annuler la commande'],
    ['acknowledged', 'user', { statusCode: '010' }, 'Annuler la commande'],
    ['being prepared', 'user', { statusCode: '020' }, 'Demander l’annulation'],
    ['prepared', 'admin', { statusCode: '040' }, 'Demander l’annulation'],
    [
      'refused once: asked again',
      'user',
      { statusCode: '040', fulfilment: { ...NO_FULFILMENT, cancellation: 'refused', reason: 'Trop tard' } },
      'Demander l’annulation',
    ],
    [
      'being prepared, a request waiting',
      'user',
      { statusCode: '020', fulfilment: { ...NO_FULFILMENT, cancellation: 'requested' } },
      null,
    ],
    ['shipped', 'user', { statusCode: '070' }, null],
    ['cancelled', 'admin', { statusCode: '050' }, null],
    ['acknowledged, read by a reader', 'reader', { statusCode: '010' }, null],
  ])('on an order %s (%s): %s', async (_, role, o, label) => {
    // Prepare
    const order = anOrder(o);
    stubOrderApi(order);
    // Act
    const el = await showOrderPage(<CancelOrderButton order={order} />, { role, order });
    // Assess
    expect(buttons(el)).toEqual(label ? [label] : []);
  });

  it('cancels an order the warehouse has not started at once, once confirmed', async () => {
    // Prepare
    const order = anOrder({ statusCode: '010' });
    const fetch = stubOrderApi(order, { ...order, statusCode: '050' });
    const el = await showOrderPage(<CancelOrderButton order={order} />, { role: 'user', order });
    // Act
    await act(async () => el.querySelector('button')?.click());
    await settle();
    // Assess
    expect(dialog()?.textContent).toContain('La commande CMD-001 sera annulée et le stock qu’elle réserve libéré.');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    // Act
    await act(async () => dialogButton('Annuler la commande')?.click());
    await settle();
    // Assess
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toMatch(/^\/api\/orders\/o1\/cancellation/);
    expect(notices()).toContain('Commande CMD-001 annulée.');
  });

  it('asks the warehouse once it prepares, and says the request was sent', async () => {
    // Prepare
    const order = anOrder({ statusCode: '020' });
    const after = { ...order, fulfilment: { ...NO_FULFILMENT, cancellation: 'requested' as const } };
    const fetch = stubOrderApi(order, after);
    const el = await showOrderPage(<CancelOrderButton order={order} />, { role: 'user', order });
    // Act
    await act(async () => el.querySelector('button')?.click());
    await settle();
    // Assess
    expect(dialog()?.textContent).toContain('L’entrepôt prépare déjà la commande CMD-001');
    // Act: keep it
    await act(async () => buttonNamed('Ne pas annuler')?.click());
    await settle(300);
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    // Act: ask
    await act(async () => el.querySelector('button')?.click());
    await settle();
    await act(async () => dialogButton('Demander l’annulation')?.click());
    await settle();
    // Assess
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(notices()).toContain('L’annulation de la commande CMD-001 a été demandée à l’entrepôt.');
  });
});

describe('Component: CancellationNotice', () => {
  it.each<[string, Partial<Order>, string[]]>([
    [
      'a request waiting',
      { statusCode: '020', fulfilment: { ...NO_FULFILMENT, cancellation: 'requested' } },
      ['Annulation demandée', 'L’entrepôt doit confirmer ou refuser'],
    ],
    [
      'a request refused',
      { statusCode: '040', fulfilment: { ...NO_FULFILMENT, cancellation: 'refused', reason: 'Déjà chargée' } },
      ['L’entrepôt a refusé l’annulation', 'Motif : Déjà chargée'],
    ],
    [
      'an order refused',
      { statusCode: '050', fulfilment: { ...NO_FULFILMENT, reason: 'Adresse incomplète' } },
      ['L’entrepôt a refusé la commande', 'Motif : Adresse incomplète'],
    ],
    ['nothing to say', { statusCode: '050' }, []],
  ])('says %s', async (_, o, texts) => {
    const order = anOrder(o);
    stubOrderApi(order);
    const el = await showOrderPage(<CancellationNotice order={order} />, { role: 'user', order });
    const alert = el.querySelector('[role="alert"]');
    if (texts.length === 0) expect(alert).toBeNull();
    for (const text of texts) expect(alert?.textContent).toContain(text);
  });
});
