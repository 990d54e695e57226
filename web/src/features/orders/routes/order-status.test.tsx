import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, dialog, fieldLabelled, notices, optionsOf, pick, settle } from '../../../testing/pages';
import { anOrder, showOrderPage, stubOrderApi } from '../testing/order-pages.testing';
import { OrderStatusRoute } from './order-status';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const statusInput = (el: HTMLElement) => fieldLabelled(el, 'Statut');
const offered = (el: HTMLElement) => optionsOf(statusInput(el));
const choose = (el: HTMLElement, option: string) => pick(statusInput(el), option);

describe('Route: OrderStatusRoute', () => {
  it('offers a client admin only the cancellation while the warehouse has not started, confirmed first', async () => {
    // Prepare
    const order = anOrder({ statusCode: '010' });
    const fetch = stubOrderApi(order, { ...order, statusCode: '050' });
    const el = await showOrderPage(<OrderStatusRoute />, { role: 'admin', order });
    // Assess
    expect(await offered(el)).toEqual(['010 - Saisie', '050 - Annulée']);
    expect(el.textContent).toContain('Vous pouvez annuler la commande tant que l’entrepôt n’a pas commencé');
    // Act
    await choose(el, '050 - Annulée');
    // Assess: nothing is saved before the confirmation, which says what will happen
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    expect(dialog()?.textContent).toContain('La commande CMD-001 sera annulée.');
    expect(dialog()?.textContent).toContain('Le stock qu’elle réserve sera libéré');
    expect(dialog()?.textContent).not.toContain('à la place de l’entrepôt');
    // Act
    await act(async () => buttonNamed('Annuler la commande')?.click());
    await settle();
    // Assess
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toContain('/api/orders/o1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ statusCode: '050' });
    expect(notices()).toContain('Le statut de la commande a été mis à jour.');
  });

  it('shows a client admin the status read-only once the warehouse has it, and says why', async () => {
    // Prepare
    const order = anOrder({ statusCode: '020' });
    stubOrderApi(order);
    // Act
    const el = await showOrderPage(<OrderStatusRoute />, { role: 'admin', order });
    // Assess
    const input = statusInput(el);
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('020 - En cours');
    expect(input.getAttribute('role')).not.toBe('combobox');
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Le statut suit l’avancement de la commande à l’entrepôt');
  });

  it('shows a reader the status read-only, even while the order could be cancelled', async () => {
    const order = anOrder({ statusCode: '005' });
    stubOrderApi(order);
    const el = await showOrderPage(<OrderStatusRoute />, { role: 'reader', order });
    expect(statusInput(el).readOnly).toBe(true);
  });

  it('offers the superadmin every other status, an override the confirmation says the history records', async () => {
    // Prepare
    const order = anOrder({ statusCode: '010' });
    const fetch = stubOrderApi(order, { ...order, statusCode: '070' });
    const el = await showOrderPage(<OrderStatusRoute />, { role: 'superadmin', order });
    // Assess
    expect(await offered(el)).toEqual([
      '010 - Saisie',
      '005 - En cours de transmission',
      '020 - En cours',
      '030 - En cours',
      '040 - En attente d’enlèvement',
      '050 - Annulée',
      '070 - Expédiée',
    ]);
    // Act
    await choose(el, '070 - Expédiée');
    // Assess
    const text = dialog()?.textContent ?? '';
    expect(text).toContain('La commande CMD-001 passera de « 010 - Saisie » à « 070 - Expédiée ».');
    expect(text).toContain('Les quantités préparées (à défaut, commandées) sortiront du stock.');
    expect(text).toContain('à la place de l’entrepôt');
    expect(text).toContain('historique de la commande');
    // Act: changed their mind
    await act(async () => buttonNamed('Annuler')?.click());
    await settle(300);
    // Assess
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    // Act: for real
    await choose(el, '070 - Expédiée');
    await act(async () => buttonNamed('Confirmer')?.click());
    await settle();
    // Assess
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ statusCode: '070' });
  });

  it('warns the superadmin cancelling an order the warehouse handles that it may refuse, and what then happens', async () => {
    // Prepare
    const order = anOrder({ statusCode: '040' });
    const fetch = stubOrderApi(order, { ...order, statusCode: '050' });
    const el = await showOrderPage(<OrderStatusRoute />, { role: 'superadmin', order });
    // Act
    await choose(el, '050 - Annulée');
    // Assess
    const text = dialog()?.textContent ?? '';
    expect(text).toContain('La commande CMD-001 sera annulée.');
    expect(text).toContain('Le stock qu’elle réserve sera libéré');
    expect(text).toContain('L’entrepôt traite déjà la commande : il lui sera demandé de l’annuler.');
    expect(text).toContain('Elle apparaîtra annulée dès maintenant');
    expect(text).toContain(
      'si l’entrepôt répond qu’il est trop tard, elle reviendra au statut qu’il avait atteint, avec le motif de son refus, et son stock sera de nouveau réservé.',
    );
    expect(text).toContain('à la place de l’entrepôt');
    // Act
    await act(async () => buttonNamed('Confirmer')?.click());
    await settle();
    // Assess
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ statusCode: '050' });
  });

  it('says nothing of a refusal when the warehouse has not started: the cancellation stands', async () => {
    const order = anOrder({ statusCode: '010' });
    stubOrderApi(order);
    const el = await showOrderPage(<OrderStatusRoute />, { role: 'superadmin', order });
    await choose(el, '050 - Annulée');
    const text = dialog()?.textContent ?? '';
    expect(text).toContain('La commande CMD-001 sera annulée.');
    expect(text).not.toContain('trop tard');
  });
});
