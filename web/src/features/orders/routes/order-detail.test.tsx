import { NO_FULFILMENT } from '@cellar/shared/orders/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../../testing/pages';
import { anOrder, showOrderPage, stubOrderApi } from '../testing/order-pages.testing';
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
});
