import type { Order } from '@cellar/shared/orders/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { answer, stubApi } from '../../../testing/pages';
import { anOrder } from '../testing/order-pages.testing';
import { currentOrder } from '../utils/current-order';
import { draftToContinue, latestDraft } from './get-drafts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  queryClient.clear();
});

const by = (id: string) => ({ id, name: id, actingFor: null });

describe('Function: latestDraft', () => {
  it('asks for the user’s own newest draft, with its lines', async () => {
    // Prepare
    const mine = anOrder({ statusCode: '000', createdBy: by('u1') });
    const fetch = stubApi(() => answer(200, { data: [mine], meta: {} }));
    // Act
    const found = await latestDraft('u1');
    // Assess
    expect(found?.id).toBe(mine.id);
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://cellar.test');
    expect(url.pathname).toBe('/api/orders');
    expect(url.searchParams.get('filter[statusCode]')).toBe('000');
    expect(url.searchParams.get('filter[createdBy.id]')).toBe('u1');
    expect(url.searchParams.get('include')).toBe('stocks');
    expect(url.searchParams.get('paginate')).toBe('1');
  });
});

describe('Function: draftToContinue', () => {
  const newest = anOrder({ id: 'newest', statusCode: '000', createdBy: by('u1') });
  /** The API: the kept order by its id, the newest draft in the list. */
  const api = (kept: Order | null) =>
    stubApi((_, url) =>
      url.startsWith('/api/orders?')
        ? answer(200, { data: [newest], meta: {} })
        : kept
          ? answer(200, kept)
          : answer(404, { message: 'Not found' }),
    );

  it('offers the tab’s current order, the draft the user worked on last, before their newest one', async () => {
    // Prepare
    currentOrder.set('older');
    api(anOrder({ id: 'older', statusCode: '000', createdBy: by('u1') }));
    // Act
    const found = await draftToContinue('u1');
    // Assess
    expect(found?.id).toBe('older');
    expect(currentOrder.get()).toBe('older');
  });

  it.each<[string, Order | null]>([
    ['sent since', anOrder({ id: 'older', statusCode: '005', createdBy: by('u1') })],
    ['deleted since', null],
    ['a colleague’s', anOrder({ id: 'older', statusCode: '000', createdBy: by('u2') })],
  ])('offers the newest draft instead of a current order %s, and forgets it', async (_, kept) => {
    // Prepare
    currentOrder.set('older');
    api(kept);
    // Act
    const found = await draftToContinue('u1');
    // Assess
    expect(found?.id).toBe('newest');
    expect(currentOrder.get()).toBeNull();
  });

  it('offers the newest draft when the tab keeps no current order', async () => {
    // Prepare
    api(null);
    // Act
    const found = await draftToContinue('u1');
    // Assess
    expect(found?.id).toBe('newest');
  });
});
