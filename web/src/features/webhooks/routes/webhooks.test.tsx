import type { Webhook, WebhookDelivery } from '@cellar/shared/webhooks/schemas';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type } from '../../../testing/dom';
import {
  answer,
  buttonNamed,
  dialog,
  dialogButton,
  fieldLabelled,
  settle,
  showPage,
  stubApi,
} from '../../../testing/pages';
import { WebhooksRoute } from './webhooks';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

const aWebhook = (w: Partial<Webhook> = {}): Webhook => ({
  id: 'w1',
  url: 'https://erp.example.com/hooks/cellar',
  events: ['order.shipped'],
  description: 'ERP',
  active: true,
  companyId: 'c1',
  company: { id: 'c1', code: 'CLI001', name: 'Client 1' },
  createdAt: '2026-03-12T10:00:00.000Z',
  createdBy: { id: 'u1', name: 'Anne Duval', actingFor: null },
  secretRotatedAt: null,
  previousSecretUntil: null,
  ...w,
});

const shipped: WebhookDelivery = {
  id: 'evt_01SHIPPED',
  type: 'order.shipped',
  status: 'delivered',
  createdAt: '2026-03-12T10:05:00.000Z',
  deliveredAt: '2026-03-12T10:05:01.000Z',
  nextAt: null,
  attemptCount: 1,
  attempts: [{ at: '2026-03-12T10:05:01.000Z', status: 200, error: null, durationMs: 42 }],
  payload: {
    id: 'evt_01SHIPPED',
    type: 'order.shipped',
    createdAt: '2026-03-12T10:05:00.000Z',
    companyId: 'c1',
    data: {
      reference: 'CMD-001',
      trackingNumbers: [
        { number: 'COLISSIMO0000000042', url: 'https://www.laposte.fr/suivi?code=COLISSIMO0000000042' },
      ],
    },
  },
};

const pending: WebhookDelivery = {
  ...shipped,
  id: 'evt_02PENDING',
  type: 'order.acknowledged',
  status: 'pending',
  deliveredAt: null,
  nextAt: '2026-03-12T10:06:00.000Z',
  attemptCount: 2,
  attempts: [
    { at: '2026-03-12T10:05:01.000Z', status: 503, error: 'status', durationMs: 40 },
    { at: '2026-03-12T10:05:31.000Z', status: null, error: 'timeout', durationMs: 10_000 },
  ],
  payload: { id: 'evt_02PENDING', type: 'order.acknowledged', data: {} },
};

/** The API of the page: `hooks` listed; a create answers its secret; the log holds `log`. */
function stubWebhookApi(hooks: Webhook[], log: WebhookDelivery[] = []) {
  let listed = hooks;
  return stubApi((method, url) => {
    const path = url.split('?')[0];
    if (method === 'GET' && path === '/api/webhooks') return answer(200, listed);
    if (method === 'POST' && path === '/api/webhooks') {
      const created = aWebhook({ id: 'w2', url: 'https://shop.example.com/cellar', description: '' });
      listed = [...listed, created];
      return answer(201, { ...created, secret: SECRET });
    }
    if (method === 'GET' && path?.endsWith('/deliveries')) return answer(200, { data: log, next: null });
    if (method === 'POST' && path?.endsWith('/replay')) return answer(200, { ...log[0], status: 'pending' });
    return answer(404, { message: 'Introuvable.' });
  });
}

const showWebhooks = () =>
  showPage(<WebhooksRoute />, { role: 'admin', path: '/settings/webhooks', pattern: '/settings/webhooks' });

const checkbox = (label: string) =>
  [...document.querySelectorAll('label')]
    .find((l) => l.textContent?.trim() === label)
    ?.closest('.mantine-Checkbox-root')
    ?.querySelector('input') as HTMLInputElement;

/** The dialog that shows a secret (the form's may still be fading out). */
const secretDialog = () =>
  [...document.querySelectorAll('[role="dialog"]')].find((d) => d.querySelector('[data-testid="webhook-secret"]'));
const secretDialogButton = (text: string) =>
  [...(secretDialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === text);

const click = (el: Element | null | undefined) => act(async () => (el as HTMLElement).click());

/** Opens the log of the listed endpoint. */
async function openLog(el: HTMLElement) {
  await click(el.querySelector('[aria-label="Journal des envois https://erp.example.com/hooks/cellar"]'));
  await settle();
}

describe('Route: WebhooksRoute', () => {
  it('lists the endpoints with their events and status', async () => {
    stubWebhookApi([aWebhook(), aWebhook({ id: 'w3', url: 'https://b.example.com/', active: false })]);
    const el = await showWebhooks();
    await settle();
    const table = el.querySelector('[data-testid="webhooks-table"]');
    expect(table?.textContent).toContain('https://erp.example.com/hooks/cellar');
    expect(table?.textContent).toContain('Commande expédiée (avec suivi)');
    expect(table?.textContent).toContain('Actif');
    expect(table?.textContent).toContain('En pause');
    // A client's admin sees no company column.
    expect(table?.textContent).not.toContain('CLI001');
  });

  it('says when there is no endpoint yet', async () => {
    stubWebhookApi([]);
    const el = await showWebhooks();
    await settle();
    expect(el.textContent).toContain('Aucun webhook.');
  });

  it('shows the secret of a new endpoint once, until it is said copied', async () => {
    // Prepare
    const fetch = stubWebhookApi([]);
    const el = await showWebhooks();
    await settle();
    // Act
    await click(buttonNamed('Ajouter un webhook'));
    await settle();
    await type(fieldLabelled(dialog() as HTMLElement, 'Adresse (URL)'), 'https://shop.example.com/cellar');
    await click(checkbox('Commande expédiée (avec suivi)'));
    await click(dialogButton('Créer le webhook'));
    await settle(100);
    // Assess: sent as typed, and its secret shown, with the way to check a signature.
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      url: 'https://shop.example.com/cellar',
      events: ['order.shipped'],
    });
    expect(secretDialog()?.querySelector('[data-testid="webhook-secret"]')?.textContent).toBe(SECRET);
    expect(secretDialog()?.textContent).toContain('il ne sera plus jamais affiché');
    expect(secretDialog()?.textContent).toContain('Cellar-Signature: t=');
    expect(secretDialog()?.textContent).toContain('HMAC-SHA256');
    // Act: the only way out.
    expect(secretDialog()?.querySelectorAll('button')).toHaveLength(2);
    await click(secretDialogButton('J’ai copié le secret'));
    await settle(300);
    // Assess: gone, and the list shows the new endpoint.
    expect(document.body.textContent).not.toContain(SECRET);
    expect(el.querySelector('[data-testid="webhooks-table"]')?.textContent).toContain(
      'https://shop.example.com/cellar',
    );
  });

  it('refuses to create an endpoint without an event or with an address that is none', async () => {
    const fetch = stubWebhookApi([]);
    await showWebhooks();
    await settle();
    await click(buttonNamed('Ajouter un webhook'));
    await settle();
    await type(fieldLabelled(dialog() as HTMLElement, 'Adresse (URL)'), 'ftp://nowhere');
    await click(dialogButton('Créer le webhook'));
    await settle();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    expect(dialog()?.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(0);
  });

  it('shows the server’s refusal of an address on its field (HTTPS on a stage)', async () => {
    // Prepare
    stubApi((method, url) =>
      method === 'POST'
        ? answer(422, {
            message: 'Les données transmises sont invalides.',
            errors: { url: ['L’adresse doit être en HTTPS.'] },
          })
        : url.startsWith('/api/webhooks')
          ? answer(200, [])
          : answer(404, {}),
    );
    await showWebhooks();
    await settle();
    await click(buttonNamed('Ajouter un webhook'));
    await settle();
    const field = fieldLabelled(dialog() as HTMLElement, 'Adresse (URL)');
    await type(field, 'http://erp.example.com/hooks');
    await click(checkbox('Commande annulée'));
    // Act
    await click(dialogButton('Créer le webhook'));
    await settle(100);
    // Assess
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(dialog()?.textContent).toContain('L’adresse doit être en HTTPS.');
  });

  it('shows the provider’s staff each endpoint’s company', async () => {
    stubApi((_, url) =>
      url.startsWith('/api/webhooks') ? answer(200, [aWebhook()]) : answer(200, { data: [], meta: {} }),
    );
    const el = await showPage(<WebhooksRoute />, {
      role: 'superadmin',
      path: '/settings/webhooks',
      pattern: '/settings/webhooks',
    });
    await settle();
    const table = el.querySelector('[data-testid="webhooks-table"]');
    expect(table?.textContent).toContain('Société');
    expect(table?.textContent).toContain('CLI001 - Client 1');
    expect(fieldLabelled(el, 'Filtrer par société')).toBeDefined();
  });

  it('sends a delivery again only once confirmed', async () => {
    // Prepare
    const fetch = stubWebhookApi([aWebhook()], [shipped]);
    const el = await showWebhooks();
    await settle();
    await openLog(el);
    // Act
    await click(document.querySelector('[aria-label="Renvoyer evt_01SHIPPED"]'));
    await settle();
    // Assess: asked first, nothing sent.
    expect(dialog()?.textContent).toContain('Renvoyer cet envoi ?');
    expect(dialog()?.textContent).toContain('evt_01SHIPPED');
    const replays = () =>
      fetch.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/replay'));
    expect(replays()).toHaveLength(0);
    // Act
    await click(dialogButton('Renvoyer'));
    await settle();
    // Assess
    expect(replays().map(([url]) => url)).toEqual(['/api/webhooks/w1/deliveries/evt_01SHIPPED/replay']);
  });

  it('shows a shipped delivery’s tracking number as a link to the carrier’s page, and what was sent', async () => {
    // Prepare
    stubWebhookApi([aWebhook()], [pending, shipped]);
    const el = await showWebhooks();
    await settle();
    await openLog(el);
    const log = document.querySelector('[data-testid="delivery-log"]') as HTMLElement;
    // Assess: the rows, newest first as answered.
    const rows = [...log.querySelectorAll('[data-testid="delivery-row"]')];
    expect(rows.map((r) => r.getAttribute('data-delivery'))).toEqual(['evt_02PENDING', 'evt_01SHIPPED']);
    expect(rows[0]?.textContent).toContain('En attente');
    expect(rows[0]?.textContent).toContain('délai dépassé');
    expect(rows[1]?.textContent).toContain('Livré');
    expect(rows[1]?.textContent).toContain('HTTP 200');
    // Act
    const toggle = document.querySelector('[aria-label="Afficher l’envoi evt_01SHIPPED"]');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    // Assess
    const link = log.querySelector('[data-testid="delivery-tracking"] a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('https://www.laposte.fr/suivi?code=COLISSIMO0000000042');
    expect(link.textContent).toContain('COLISSIMO0000000042');
    expect(log.querySelector('[data-testid="delivery-payload"]')?.textContent).toContain('"reference": "CMD-001"');
    expect(document.querySelector('[aria-label="Masquer l’envoi evt_01SHIPPED"]')?.getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
