import type { User } from '@cellar/shared/users/schemas';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, aUser, notices, settle, showPage, stubApi } from '../../../testing/pages';
import { NotificationSwitches } from './notification-switches';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const user = (u: Partial<User>): User => ({ ...aUser('user'), roleLevel: 2, ...u }) as User;
const show = (u: User) =>
  showPage(<NotificationSwitches user={u} />, { role: 'user', path: '/settings', pattern: '/settings' });
const box = (label: string) =>
  [...document.querySelectorAll('label')]
    .find((l) => l.textContent?.trim() === label)
    ?.closest('.mantine-Checkbox-root')
    ?.querySelector('input') as HTMLInputElement | undefined;
const sent = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));

describe('Component: NotificationSwitches', () => {
  it('lets a user who chose e-mail pick the warehouse’s news, each box saved at once', async () => {
    // Prepare
    const fetch = stubApi(() => answer(200, { data: {} }));
    await show(user({ notificationChannels: ['mail'], notificationEvents: ['order.shipped', 'reception.received'] }));
    // Assess
    expect(box('une commande est expédiée (avec son suivi)')?.checked).toBe(true);
    expect(box('une commande passe en préparation')?.checked).toBe(false);
    // Act
    await act(async () => box('une commande passe en préparation')?.click());
    await settle();
    // Assess
    expect(sent(fetch)).toEqual([
      expect.objectContaining({
        notificationChannels: ['mail'],
        notificationEvents: ['order.preparing', 'order.shipped', 'reception.received'],
      }),
    ]);
    expect(notices()).toContain('Votre changement a été pris en compte.');
    expect(box('une commande passe en préparation')?.checked).toBe(true);
  });

  it('puts a box back when the server refuses', async () => {
    // Prepare
    stubApi(() => answer(422, { message: 'Les données sont invalides.', errors: {} }));
    await show(user({ notificationChannels: ['mail'], notificationEvents: ['order.shipped'] }));
    // Act
    await act(async () => box('une commande est expédiée (avec son suivi)')?.click());
    await settle();
    // Assess
    expect(box('une commande est expédiée (avec son suivi)')?.checked).toBe(true);
    expect(notices()).toContain('Les données sont invalides.');
  });

  it('says when no box is ticked that no e-mail will be sent', async () => {
    // Prepare
    stubApi(() => answer(200, { data: {} }));
    await show(user({ notificationChannels: ['mail'], notificationEvents: ['order.shipped'] }));
    expect(document.body.textContent).not.toContain('Aucun e-mail ne vous sera envoyé');
    // Act
    await act(async () => box('une commande est expédiée (avec son suivi)')?.click());
    await settle();
    // Assess
    expect(document.body.textContent).toContain('Aucun e-mail ne vous sera envoyé tant qu’aucune case n’est cochée.');
  });

  it('offers no choice of news without e-mail', async () => {
    stubApi(() => answer(200, { data: {} }));
    await show(user({ notificationChannels: [], notificationEvents: ['order.shipped'] }));
    expect(box('une commande est expédiée (avec son suivi)')).toBeUndefined();
  });
});
