import { NO_FULFILMENT } from '@cellar/shared/orders/schemas';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../../testing/pages';
import { anOrder, anOrderLine, showOrderPage, stubOrderApi } from '../testing/order-pages.testing';
import { OrderDetailRoute } from './order-detail';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const region = (el: HTMLElement, name: string) =>
  el.querySelector(`section[aria-label="${name}"]`) as HTMLElement | null;

describe('Route: OrderDetailRoute', () => {
  it('shows a shipped order’s shipment, its tracking numbers linked to the carrier’s page, and its history', async () => {
    // Prepare
    const order = anOrder({
      statusCode: '070',
      exitPoint: 'Quai 3',
      shippingTrackingId: 'COL123',
      fulfilment: {
        ...NO_FULFILMENT,
        trackingNumbers: [
          { number: 'COL123', url: 'https://www.laposte.fr/suivi?code=COL123' },
          { number: 'COL124', url: null },
        ],
        shippedAt: '2026-06-05T14:30:00.000Z',
        exciseDocument: '26FRA000123',
      },
    });
    const fetch = stubOrderApi(order);
    // Act
    const el = await showOrderPage(<OrderDetailRoute />, { role: 'user', order });
    await settle();
    // Assess
    const shipment = region(el, 'Expédition');
    expect(shipment?.textContent).toContain('Quai 3');
    expect(shipment?.textContent).toContain('26FRA000123');
    expect(shipment?.textContent).toContain('Expédiée le');
    expect(shipment?.textContent).toContain('2026');
    const links = [...(shipment?.querySelectorAll('a') ?? [])];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://www.laposte.fr/suivi?code=COL123']);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(shipment?.textContent).toContain('COL124');
    // Shipped: nothing to cancel.
    expect([...el.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Demander l’annulation');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/orders/o1/timeline');
    expect(region(el, 'Historique')?.textContent).toContain('Aucun événement pour le moment.');
  });

  it('offers a writer to ask for the cancellation of an order being prepared; no shipment yet', async () => {
    // Prepare
    const order = anOrder({ statusCode: '020' });
    stubOrderApi(order);
    // Act
    const el = await showOrderPage(<OrderDetailRoute />, { role: 'user', order });
    // Assess
    expect([...el.querySelectorAll('button')].map((b) => b.textContent)).toContain('Demander l’annulation');
    expect(region(el, 'Expédition')).toBeNull();
  });

  it('duplicates an order into a new draft of its content and lines, without its reference and dates', async () => {
    // Prepare
    const line = anOrderLine({ ordered: 12, prepared: 12 });
    const order = anOrder({ statusCode: '070', deliveryComment: 'Quai 2', stocks: [line], lineCount: 1 });
    const fetch = stubOrderApi(order, { ...order, id: 'o2', statusCode: '000', reference: '' });
    const el = await showOrderPage(<OrderDetailRoute />, { role: 'user', order });
    const button = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Dupliquer');
    // Act
    await act(async () => button?.click());
    await settle();
    // Assess: one draft asked for, then its wizard
    const posts = fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(posts).toHaveLength(1);
    const [, init] = posts[0] as [unknown, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      statusCode: '000',
      reference: '',
      recipientReference: 'R-1',
      segment: 'B2B',
      deliveryDate: null,
      pickupDate: null,
      deliveryComment: 'Quai 2',
      stocks: [{ stockId: 's1', ordered: 12 }],
    });
    expect(el.querySelector('[data-testid="elsewhere"]')).not.toBeNull();
  });

  it('offers no duplication to a reader', async () => {
    // Prepare
    const order = anOrder({ statusCode: '070' });
    stubOrderApi(order);
    // Act
    const el = await showOrderPage(<OrderDetailRoute />, { role: 'reader', order });
    // Assess
    expect([...el.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Dupliquer');
  });
});
