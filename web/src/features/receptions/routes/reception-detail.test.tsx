import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, dialog, dialogButton, notices, settle } from '../../../testing/pages';
import { aLine, aReception, showReceptionPage, stubReceptionApi } from '../testing/reception-pages.testing';
import { ReceptionDetailRoute } from './reception-detail';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const rows = (el: HTMLElement) => [...el.querySelectorAll('[data-testid="reception-lines"] tbody tr')] as HTMLElement[];
const headers = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-testid="reception-lines"] thead th')].map((th) => th.textContent);
const buttons = (el: HTMLElement) => [...el.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('Route: ReceptionDetailRoute', () => {
  it('shows a count’s differences, the warehouse’s remarks and the lots it found unannounced', async () => {
    // Prepare
    const reception = aReception({
      statusCode: '200',
      arrivedAt: '2026-06-09T07:15:00.000Z',
      stocks: [
        aLine({ id: '1', position: 1, expected: 12, received: 11, note: 'Une bouteille cassée' }),
        aLine({ id: '2', position: 2, quality: 'BLO', expected: 0, received: 1 }),
        aLine({ id: '3', position: 3, batch: 'L27', expected: 6, received: 6 }),
      ],
    });
    stubReceptionApi(reception);
    // Act
    const el = await showReceptionPage(<ReceptionDetailRoute />, { role: 'user', reception });
    // Assess
    expect(el.textContent).toContain('Arrivée à l’entrepôt');
    expect(headers(el)).toEqual(expect.arrayContaining(['Attendu', 'Reçu', 'Écart', 'Remarque de l’entrepôt']));
    const [short, found, same] = rows(el);
    expect(short?.querySelector('[data-difference]')?.textContent).toBe('−1');
    expect(short?.textContent).toContain('Une bouteille cassée');
    expect(found?.textContent).toContain('Non annoncé');
    expect(found?.querySelector('[data-difference]')?.textContent).toBe('+1');
    expect(same?.querySelector('[data-difference]')).toBeNull();
    expect(el.textContent).toContain('« Non annoncé » : un lot trouvé par l’entrepôt');
    // Nothing to cancel once arrived.
    expect(buttons(el)).not.toContain('Annuler la réception');
  });

  it('lets a writer cancel a reception announced but not arrived, saying the warehouse will be told', async () => {
    // Prepare
    const reception = aReception({ statusCode: '001' });
    const fetch = stubReceptionApi(reception, { message: 'ok' });
    const el = await showReceptionPage(<ReceptionDetailRoute />, { role: 'user', reception });
    // Assess: not counted yet, no difference column
    expect(headers(el)).not.toContain('Écart');
    // Act
    await act(async () => buttonNamed('Annuler la réception')?.click());
    await settle();
    // Assess
    expect(dialog()?.textContent).toContain('L’entrepôt sera informé qu’elle n’arrivera pas.');
    // Act
    await act(async () => dialogButton('Annuler la réception')?.click());
    await settle();
    // Assess
    const del = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(del?.[0]).toBe('/api/receptions/r1');
    expect(notices()).toContain('Réception REC-001 annulée.');
    expect(document.querySelector('[data-testid="elsewhere"]')).not.toBeNull();
  });

  it('shows the warehouse’s count of a delivery that arrived without a reload, and stops reading once closed', async () => {
    // Prepare
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const arrived = aReception({ statusCode: '100', arrivedAt: '2026-06-09T07:15:00.000Z' });
    const counted = aReception({
      statusCode: '200',
      arrivedAt: arrived.arrivedAt,
      updatedAt: '2026-06-09T09:00:00.000Z',
      stocks: [aLine({ id: '1', position: 1, expected: 12, received: 11 })],
    });
    const fetch = stubReceptionApi(counted);
    const el = await showReceptionPage(<ReceptionDetailRoute />, { role: 'user', reception: arrived });
    const reads = () => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/receptions/r1?')).length;
    expect(el.textContent).not.toContain('Clôturée');
    // Act
    await act(async () => vi.advanceTimersByTime(10_000));
    await settle();
    // Assess
    expect(el.textContent).toContain('Clôturée');
    expect(rows(el)[0]?.querySelector('[data-difference]')?.textContent).toBe('−1');
    const afterClose = reads();
    await act(async () => vi.advanceTimersByTime(30_000));
    await settle();
    expect(reads()).toBe(afterClose);
    vi.useRealTimers();
  });

  it('offers a reader no cancellation', async () => {
    const reception = aReception({ statusCode: '001' });
    stubReceptionApi(reception);
    const el = await showReceptionPage(<ReceptionDetailRoute />, { role: 'reader', reception });
    expect(buttons(el)).not.toContain('Annuler la réception');
  });
});
