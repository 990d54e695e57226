import type { RoleSlug } from '@cellar/shared/access/roles';
import type { ApiKey } from '@cellar/shared/apiKeys/schemas';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { type } from '../../../testing/dom';
import {
  answer,
  buttonNamed,
  dialog,
  dialogButton,
  fieldLabelled,
  notices,
  settle,
  showPage,
  stubApi,
} from '../../../testing/pages';
import { ApiKeysRoute } from './api-keys';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const SECRET = `ck_01JZ0000000000000000000000_${'s'.repeat(43)}`;

const aKey = (o: Partial<ApiKey> = {}): ApiKey => ({
  id: '01JZ0000000000000000000000',
  name: 'ERP',
  hint: 'ck_01JZ0000000000000000000000_sssss…',
  role: 'user',
  scope: ['order', 'stock'],
  companyId: 'c1',
  company: { id: 'c1', code: 'CLI001', name: 'Vignobles Duval' },
  status: 'active',
  createdAt: '2026-06-01T08:00:00.000Z',
  createdBy: { id: 'u1', name: 'Anne Duval', actingFor: null },
  rotatedAt: null,
  previousValidUntil: null,
  revokedAt: null,
  revokedBy: null,
  lastUsedAt: null,
  lastUsedFrom: null,
  ...o,
});

type Reply = (method: string, url: string) => Response | undefined;

/** The API: the keys listed, the companies (the superadmin's filter), then what `reply` answers. */
function stubKeys(keys: ApiKey[], reply: Reply = () => undefined) {
  return stubApi((method, url) => {
    const own = reply(method, url);
    if (own) return own;
    if (url.startsWith('/api/companies')) {
      return answer(200, { data: [{ id: 'c1', code: 'CLI001', name: 'Vignobles Duval' }], meta: {} });
    }
    if (method === 'GET' && url.startsWith('/api/api-keys')) return answer(200, { data: keys, next: null });
    return answer(404, { message: 'Not found' });
  });
}

const show = (role: RoleSlug) =>
  showPage(<ApiKeysRoute />, { role, scope: ['*'], path: '/api-key/list', pattern: '/api-key/list' });

const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [url, init?.body]);

/** The open dialog titled `title` (another may still be closing). */
const dialogTitled = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === title,
  );

const headers = (el: HTMLElement) => [...el.querySelectorAll('th')].map((th) => th.textContent);

describe('Route: ApiKeysRoute', () => {
  it('lists the keys: hint, access, modules, creation, never used, status; the company column is not an admin’s', async () => {
    // Prepare
    stubKeys([aKey(), aKey({ id: 'k2', name: 'Old shop', status: 'revoked', role: 'reader' })]);
    // Act
    const el = await show('admin');
    await settle();
    // Assess
    expect(headers(el)).not.toContain('Société');
    const rows = [...el.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('ck_01JZ0000000000000000000000_sssss…');
    expect(rows[0]?.textContent).toContain('Lecture et écriture');
    expect(rows[0]?.textContent).toContain('Commandes');
    expect(rows[0]?.textContent).toContain('par Anne Duval');
    expect(rows[0]?.textContent).toContain('Jamais');
    expect(rows[0]?.textContent).toContain('Active');
    // A revoked key has no actions.
    expect(rows[1]?.textContent).toContain('Révoquée');
    expect(rows[1]?.querySelectorAll('button')).toHaveLength(0);
    expect(rows[0]?.querySelector('[aria-label="Révoquer ERP"]')).not.toBeNull();
  });

  it('says when there is no key yet', async () => {
    stubKeys([]);
    const el = await show('admin');
    await settle();
    expect(el.textContent).toContain('Aucune clé API pour le moment.');
  });

  it('shows the superadmin each key’s company and a company filter', async () => {
    // Prepare
    stubKeys([aKey()]);
    // Act
    const el = await show('superadmin');
    await settle();
    // Assess
    expect(headers(el)).toContain('Société');
    expect(el.querySelector('tbody tr')?.textContent).toContain('CLI001 - Vignobles Duval');
    expect(fieldLabelled(el, 'Société')).toBeDefined();
  });

  it('checks the form before sending it, in the page’s language', async () => {
    // Prepare
    const fetch = stubKeys([]);
    await show('admin');
    await settle();
    // Act
    await act(async () => buttonNamed('Nouvelle clé')?.click());
    await settle();
    await act(async () => dialogButton('Créer la clé')?.click());
    await settle();
    // Assess
    expect(posts(fetch)).toEqual([]);
    expect(dialog()?.textContent).toContain('Ce champ est obligatoire.');
  });

  it('creates a key and shows its secret once, closed only by "J’ai copié la clé"', async () => {
    // Prepare
    const made = { ...aKey({ name: 'Boutique' }), key: SECRET };
    const fetch = stubKeys([], (method) => (method === 'POST' ? answer(201, made) : undefined));
    await show('admin');
    await settle();
    await act(async () => buttonNamed('Nouvelle clé')?.click());
    await settle();
    const form = dialog() as HTMLElement;
    // Act
    await type(fieldLabelled(form, 'Nom'), 'Boutique');
    await act(async () => (form.querySelector('input[type="radio"][value="user"]') as HTMLInputElement).click());
    const modules = fieldLabelled(form, 'Modules');
    await act(async () => modules.click());
    await settle();
    const every = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Tous les modules');
    await act(async () => (every as HTMLElement).click());
    await settle();
    await act(async () => dialogButton('Créer la clé')?.click());
    await settle();
    // Assess: the body sent
    expect(posts(fetch)).toHaveLength(1);
    expect(JSON.parse(String(posts(fetch)[0]?.[1]))).toEqual({ name: 'Boutique', role: 'user', scope: ['*'] });
    // Assess: the secret, once
    const secret = dialogTitled('Votre nouvelle clé API') as HTMLElement;
    expect(secret).toBeDefined();
    expect(secret.textContent).toContain('elle ne sera plus jamais affichée');
    expect((secret.querySelector('[data-testid="api-key-secret"]') as HTMLInputElement).value).toBe(SECRET);
    expect(secret.textContent).toContain(
      `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/api/products`,
    );
    expect(notices()).toContain('Clé API créée.');
    // Act: Escape does not close it
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      secret.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await settle();
    expect(dialogTitled('Votre nouvelle clé API')).toBeDefined();
    // Act: the explicit button does
    await act(async () => buttonNamed('J’ai copié la clé')?.click());
    await settle(300);
    // Assess
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('puts the server’s 422 on the fields, and a message about the company’s keys above them', async () => {
    // Prepare
    let body = {
      message: 'Les données envoyées sont invalides.',
      errors: { scope: ['Une clé n’a que des modules que vous avez.'] },
    };
    stubKeys([], (method) => (method === 'POST' ? answer(422, body) : undefined));
    await show('admin');
    await settle();
    await act(async () => buttonNamed('Nouvelle clé')?.click());
    await settle();
    const form = dialog() as HTMLElement;
    await type(fieldLabelled(form, 'Nom'), 'Boutique');
    await act(async () => fieldLabelled(form, 'Modules').click());
    await settle();
    await act(async () => (document.querySelector('[role="option"]') as HTMLElement).click());
    await settle();
    // Act
    await act(async () => dialogButton('Créer la clé')?.click());
    await settle();
    // Assess
    expect(dialog()?.textContent).toContain('Une clé n’a que des modules que vous avez.');
    // Act: over the bound
    body = { message: 'Une société a au plus 20 clés actives : révoquez-en une.', errors: {} } as typeof body;
    await act(async () => dialogButton('Créer la clé')?.click());
    await settle();
    // Assess
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(
      'Une société a au plus 20 clés actives : révoquez-en une.',
    );
  });

  it('revokes a key only once confirmed, saying it stops at once', async () => {
    // Prepare
    const key = aKey();
    const fetch = stubKeys([key], (method) =>
      method === 'POST' ? answer(200, { ...key, status: 'revoked' }) : undefined,
    );
    const el = await show('admin');
    await settle();
    // Act
    await act(async () => (el.querySelector('[aria-label="Révoquer ERP"]') as HTMLButtonElement).click());
    await settle();
    // Assess
    expect(dialog()?.textContent).toContain('cesse de fonctionner immédiatement');
    expect(dialog()?.textContent).toContain('irréversible');
    expect(posts(fetch)).toEqual([]);
    // Act
    await act(async () => dialogButton('Révoquer la clé')?.click());
    await settle();
    // Assess
    expect(posts(fetch).map(([url]) => url)).toEqual([`/api/api-keys/${key.id}/revoke`]);
    expect(notices()).toContain('Clé API révoquée.');
  });

  it('rotates a key once confirmed and shows its new secret', async () => {
    // Prepare
    const key = aKey();
    const fetch = stubKeys([key], (method) => (method === 'POST' ? answer(200, { ...key, key: SECRET }) : undefined));
    const el = await show('admin');
    await settle();
    // Act
    await act(async () => (el.querySelector('[aria-label="Renouveler ERP"]') as HTMLButtonElement).click());
    await settle();
    expect(dialog()?.textContent).toContain('cesse de fonctionner immédiatement');
    await act(async () => dialogButton('Renouveler la clé')?.click());
    await settle(300);
    // Assess: the old secret stops at once unless chosen otherwise.
    expect(posts(fetch)).toEqual([[`/api/api-keys/${key.id}/rotate`, JSON.stringify({ previousValidHours: 0 })]]);
    expect((document.querySelector('[data-testid="api-key-secret"]') as HTMLInputElement | null)?.value).toBe(SECRET);
  });

  it('keeps the old secret a day when chosen, and says until when', async () => {
    // Prepare
    const key = aKey();
    const until = '2026-06-03T10:00:00.000Z';
    const fetch = stubKeys([key], (method) =>
      method === 'POST' ? answer(200, { ...key, previousValidUntil: until, key: SECRET }) : undefined,
    );
    const el = await show('admin');
    await settle();
    // Act
    await act(async () => (el.querySelector('[aria-label="Renouveler ERP"]') as HTMLButtonElement).click());
    await settle();
    const day = [...document.querySelectorAll('label')].find((l) =>
      /fonctionne encore 24 heures/.test(l.textContent ?? ''),
    );
    await act(async () => (document.getElementById(day?.htmlFor ?? '') as HTMLInputElement).click());
    await act(async () => dialogButton('Renouveler la clé')?.click());
    await settle(300);
    // Assess
    expect(posts(fetch).map(([, body]) => body)).toEqual([JSON.stringify({ previousValidHours: 24 })]);
    expect(document.querySelector('[data-testid="api-key-previous-until"]')?.textContent).toMatch(
      /L’ancien secret fonctionne jusqu’au .*2026/,
    );
  });

  it('lists a key’s uses by minute', async () => {
    // Prepare
    const key = aKey({ lastUsedAt: '2026-06-02T10:15:00.000Z', lastUsedFrom: '203.0.113.7' });
    stubKeys([key], (_method, url) =>
      url.startsWith(`/api/api-keys/${key.id}/uses`)
        ? answer(200, [
            {
              minute: '2026-06-02T10:15:00.000Z',
              requests: 42,
              lastAt: '2026-06-02T10:15:40.000Z',
              lastFrom: '203.0.113.7',
            },
          ])
        : undefined,
    );
    const el = await show('admin');
    await settle();
    expect(el.querySelector('tbody tr')?.textContent).toContain('depuis 203.0.113.7');
    // Act
    await act(async () => (el.querySelector('[aria-label="Journal d’utilisation ERP"]') as HTMLButtonElement).click());
    await settle();
    // Assess
    const uses = dialog()?.querySelector('[data-testid="api-key-uses"]');
    expect(uses?.textContent).toContain('42');
    expect(uses?.textContent).toContain('203.0.113.7');
  });

  it('reads in English once the visitor switches, the app’s texts and the page’s own both', async () => {
    // Prepare
    stubKeys([aKey()]);
    const el = await show('admin');
    await settle();
    try {
      // Act
      await act(async () => setLanguage('en'));
      await settle();
      // Assess
      expect(el.querySelector('h2')?.textContent).toBe('API keys');
      expect(buttonNamed('New key')).toBeDefined();
      expect(el.querySelector('tbody tr')?.textContent).toContain('Read and write');
      expect(el.querySelector('tbody tr')?.textContent).toContain('Orders');
    } finally {
      await act(async () => setLanguage('fr'));
    }
  });
});
