import type { TimelineEvent } from '@cellar/shared/timeline/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { show } from '../../testing/dom';
import { DocumentTimeline, TimelineEvents } from './document-timeline';

const event = (e: Partial<TimelineEvent> & Pick<TimelineEvent, 'id' | 'type'>): TimelineEvent => ({
  at: '2026-03-12T13:05:00.000Z',
  actor: { type: 'warehouse', name: null, actingFor: null },
  from: null,
  to: null,
  details: {},
  ...e,
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 30)));

const withQueries = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {node}
  </QueryClientProvider>
);

const items = (el: HTMLElement) => [...el.querySelectorAll('[data-testid="timeline"] > li')] as HTMLElement[];

afterEach(() => vi.unstubAllGlobals());

describe('Component: TimelineEvents', () => {
  it('says who did what and when: a person, a superadmin acting as one, the warehouse', async () => {
    // Prepare
    const events = [
      event({
        id: '1',
        type: 'sent',
        actor: { type: 'user', name: 'Anne Duval', actingFor: null },
        from: '000',
        to: '005',
      }),
      event({
        id: '2',
        type: 'cancelled',
        actor: { type: 'user', name: 'Anne Duval', actingFor: 'Paul Martin' },
        from: '010',
        to: '050',
      }),
      event({ id: '3', type: 'order.acknowledged', from: '005', to: '010' }),
    ];
    // Act
    const el = await show(<TimelineEvents kind="order" events={events} />);
    // Assess
    const [sent, cancelled, acknowledged] = items(el);
    expect(items(el)).toHaveLength(3);
    expect(sent?.textContent).toContain('Envoi à l’entrepôt');
    expect(sent?.textContent).toContain('Anne Duval');
    expect(sent?.textContent).toContain('Statut : Brouillon → En cours de transmission');
    expect(sent?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-12T13:05:00.000Z');
    expect(sent?.querySelector('time')?.textContent).toContain('2026');
    expect(cancelled?.textContent).toContain('Paul Martin (en tant qu’Anne Duval)');
    expect(cancelled?.textContent).toContain('Saisie → Annulée');
    expect(acknowledged?.textContent).toContain('Prise en compte par l’entrepôt');
    expect(acknowledged?.textContent).toContain('Entrepôt');
  });

  it('marks a status set in the warehouse’s stead, and gives a refusal’s reason', async () => {
    // Prepare
    const events = [
      event({
        id: '1',
        type: 'status',
        actor: { type: 'user', name: 'Paul Martin', actingFor: null },
        from: '010',
        to: '040',
        details: { override: true },
      }),
      event({ id: '2', type: 'order.cancellation_refused', details: { reason: 'Déjà chargée' } }),
    ];
    // Act
    const el = await show(<TimelineEvents kind="order" events={events} />);
    // Assess
    const [status, refused] = items(el);
    expect(status?.textContent).toContain('Changement de statut');
    expect(status?.textContent).toContain('À la place de l’entrepôt');
    expect(status?.textContent).toContain('Saisie → En attente d’enlèvement');
    expect(refused?.textContent).toContain('Annulation refusée par l’entrepôt');
    expect(refused?.textContent).toContain('Motif : Déjà chargée');
    expect(refused?.textContent).not.toContain('À la place de l’entrepôt');
  });

  it('marks a warehouse report received after a later one, which changed nothing', async () => {
    // Prepare
    const events = [
      event({ id: '1', type: 'order.acknowledged', from: '070', to: null, details: { late: true } }),
      event({ id: '2', type: 'order.shipped', from: '005', to: '070' }),
    ];
    // Act
    const el = await show(<TimelineEvents kind="order" events={events} />);
    // Assess
    const [late, shipped] = items(el);
    expect(late?.textContent).toContain('Reçu en retard');
    expect(late?.textContent).not.toContain('Statut');
    expect(shipped?.textContent).not.toContain('Reçu en retard');
  });

  it('shows a shipment’s short picks and its tracking numbers, a web page as a link opened apart', async () => {
    // Prepare
    const events = [
      event({
        id: '1',
        type: 'order.shipped',
        from: '040',
        to: '070',
        details: {
          short: [{ productCode: 'CHB001', batch: 'L26', ordered: 6, prepared: 5 }],
          trackingNumbers: [
            { number: 'COL123', url: 'https://www.laposte.fr/suivi?code=COL123' },
            { number: 'COL124', url: null },
            { number: 'BAD1', url: 'javascript:alert(1)' },
          ],
          carrierCode: 'COLISSIMO',
          exitPoint: 'Quai 3',
          packings: 2,
          exciseDocument: '26FRA000123',
        },
      }),
    ];
    // Act
    const el = await show(<TimelineEvents kind="order" events={events} />);
    // Assess
    const text = el.textContent ?? '';
    expect(text).toContain('Expédiée par l’entrepôt');
    expect(text).toContain('CHB001, lot L26 : 5 préparé(s) sur 6 commandé(s)');
    expect(text).toContain('Transporteur : COLISSIMO');
    expect(text).toContain('Point de sortie : Quai 3');
    expect(text).toContain('2 colis');
    expect(text).toContain('Document d’accise : 26FRA000123');
    const links = [...el.querySelectorAll('a')];
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://www.laposte.fr/suivi?code=COL123');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    // Its name says where it leads: 'COL123, page de suivi du transporteur (s’ouvre dans un nouvel onglet)'.
    expect(links[0]?.textContent).toBe('COL123, page de suivi du transporteur (s’ouvre dans un nouvel onglet)');
    expect(text).toContain('COL124');
    expect(text).toContain('BAD1');
  });

  it('lists a count’s differences, a lot that was not announced apart, with the reception’s statuses', async () => {
    // Prepare
    const events = [
      event({
        id: '1',
        type: 'reception.received',
        from: '100',
        to: '200',
        details: {
          differences: [
            { productCode: 'CHB001', quality: 'STD', batch: 'L26', expected: 12, received: 11 },
            { productCode: 'CHB001', quality: 'BLO', batch: 'L26', expected: 0, received: 1 },
          ],
        },
      }),
      event({ id: '2', type: 'reception.received', details: { differences: [] } }),
    ];
    // Act
    const el = await show(<TimelineEvents kind="reception" events={events} />);
    // Assess
    const [differs, same] = items(el);
    expect(differs?.textContent).toContain('Statut : En cours → Clôturée');
    expect(differs?.textContent).toContain('CHB001, lot L26 (STD) : 11 reçu(s) pour 12 attendu(s)');
    expect(differs?.textContent).toContain('CHB001, lot L26 (BLO) : 1 reçu(s), non annoncé');
    expect(same?.textContent).toContain('Conforme à l’annonce.');
  });

  it('names an event it does not know by its type, and leaves out details of an unexpected shape', async () => {
    // Act
    const el = await show(
      <TimelineEvents
        kind="order"
        events={[event({ id: '1', type: 'order.weighed', details: { short: 'none', trackingNumbers: [{ n: 1 }] } })]}
      />,
    );
    // Assess
    expect(el.textContent).toContain('Événement « order.weighed »');
    expect(el.querySelectorAll('a')).toHaveLength(0);
  });

  it('says when there is nothing yet', async () => {
    const el = await show(<TimelineEvents kind="order" events={[]} />);
    expect(el.textContent).toContain('Aucun événement pour le moment.');
  });
});

describe('Component: DocumentTimeline', () => {
  it('reads the order’s timeline, saying it loads until it is in', async () => {
    // Prepare
    let release: (r: Response) => void = () => undefined;
    const fetch = vi.fn().mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetch);
    // Act
    const el = await show(withQueries(<DocumentTimeline kind="order" id="o1" />));
    // Assess
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/orders/o1/timeline');
    expect(el.querySelector('[role="status"]')?.textContent).toBe('Chargement…');
    expect(el.querySelector('section')?.getAttribute('aria-label')).toBe('Historique');
    // Act
    await act(async () => release(answer(200, [event({ id: '1', type: 'order.acknowledged' })])));
    await settle();
    // Assess
    expect(el.querySelector('[role="status"]')).toBeNull();
    expect(items(el)).toHaveLength(1);
  });

  it('says the history could not be read, and reads it again on retry', async () => {
    // Prepare
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(500, { message: 'Erreur serveur.' }))
      .mockResolvedValue(answer(200, []));
    vi.stubGlobal('fetch', fetch);
    const el = await show(withQueries(<DocumentTimeline kind="reception" id="r1" />));
    await settle();
    // Assess
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/receptions/r1/timeline');
    expect(el.querySelector('[role="alert"]')?.textContent).toContain('L’historique n’a pas pu être chargé.');
    // Act
    const retry = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Réessayer');
    await act(async () => retry?.click());
    await settle();
    // Assess
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(el.querySelector('[role="alert"]')).toBeNull();
    expect(el.textContent).toContain('Aucun événement pour le moment.');
  });
});
