import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, type CallMessages } from './api-client';

/** The notices raised, as a person reads them: their kind and words. */
const notices = () =>
  notificationsStore
    .getState()
    .notifications.map((n) => ({ kind: (n as { 'data-kind'?: string })['data-kind'], text: String(n.message) }));

const answering = (status: number, body?: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

describe('Method: apiRequest, the messages a call carries (spec 1 §7)', () => {
  it.each<[string, CallMessages, { kind: string; text: string }[]]>([
    ['a success', { success: 'Destinataire créé.' }, [{ kind: 'success', text: 'Destinataire créé.' }]],
    [
      'an update, which stays longer',
      { update: 'Données modifiées.' },
      [{ kind: 'update', text: 'Données modifiées.' }],
    ],
    [
      'an information',
      { information: 'Envoyé à l’entrepôt.' },
      [{ kind: 'information', text: 'Envoyé à l’entrepôt.' }],
    ],
    [
      'a success and an information',
      { success: 'Créé.', information: 'Envoyé.' },
      [
        { kind: 'information', text: 'Envoyé.' },
        { kind: 'success', text: 'Créé.' },
      ],
    ],
    ['nothing when it gave none, or failure texts only', { error: 'Échec.', warning: 'Attention.' }, []],
  ])('shows %s once the call succeeds', async (_, messages, shown) => {
    // Prepare
    answering(201, { id: 'r1' });
    // Act
    const answer = await apiRequest('/api/contacts', { method: 'POST', body: {}, messages });
    // Assess
    expect(answer).toEqual({ id: 'r1' });
    expect(notices()).toEqual(shown);
  });

  it('shows the success of a call answered with no content (204)', async () => {
    // Prepare
    answering(204);
    // Act
    const answer = await apiRequest('/api/users/u1', { method: 'DELETE', messages: { success: 'Supprimé.' } });
    // Assess
    expect(answer).toBeUndefined();
    expect(notices()).toEqual([{ kind: 'success', text: 'Supprimé.' }]);
  });

  it('shows no success of a call that failed', async () => {
    // Prepare
    answering(500);
    // Act
    const call = apiRequest('/api/contacts', { method: 'POST', body: {}, messages: { success: 'Créé.' } });
    // Assess
    await expect(call).rejects.toMatchObject({ status: 500 });
    expect(notices().map((n) => n.text)).not.toContain('Créé.');
  });
});

describe('Method: apiRequest, a failure (spec 1 §8)', () => {
  it.each<[string, unknown, CallMessages, { kind: string; text: string }]>([
    [
      'the server’s message before the caller’s',
      { message: 'Code déjà utilisé.' },
      { error: 'Échec de la création.' },
      { kind: 'error', text: 'Code déjà utilisé.' },
    ],
    [
      'else the caller’s error message',
      undefined,
      { error: 'Échec.', warning: 'Attention.' },
      { kind: 'error', text: 'Échec.' },
    ],
    [
      'else the caller’s warning message, as a warning',
      undefined,
      { warning: 'Attention.' },
      { kind: 'warning', text: 'Attention.' },
    ],
    ['else a generic error', undefined, { success: 'Créé.' }, { kind: 'error', text: 'Une erreur est survenue.' }],
  ])('shows %s', async (_, body, messages, shown) => {
    // Prepare
    answering(500, body);
    // Act
    const call = apiRequest('/api/contacts', { method: 'POST', body: {}, messages });
    // Assess
    await expect(call).rejects.toMatchObject({ status: 500 });
    expect(notices()).toEqual([shown]);
  });

  it('shows the lines of an errors map under the server’s message, whatever the caller gave', async () => {
    // Prepare
    answering(422, { message: 'Données invalides.', errors: { code: ['Code requis.'] } });
    // Act
    const call = apiRequest('/api/contacts', { method: 'POST', body: {}, messages: { error: 'Échec.' } });
    // Assess
    await expect(call).rejects.toMatchObject({ status: 422 });
    const [notice] = notificationsStore.getState().notifications;
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    expect(notice?.title).toBe('Données invalides.');
    expect((notice as { 'data-kind'?: string })['data-kind']).toBe('error');
  });

  it('reports nothing for a status the caller answers itself, not even its warning', async () => {
    // Prepare
    answering(404);
    // Act
    const call = apiRequest('/api/companies/x', { quietStatuses: [404], messages: { warning: 'Attention.' } });
    // Assess
    await expect(call).rejects.toMatchObject({ status: 404 });
    expect(notices()).toEqual([]);
  });
});
