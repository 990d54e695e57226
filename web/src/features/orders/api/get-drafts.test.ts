import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubApi } from '../../../testing/pages';
import { anOrder } from '../testing/order-pages.testing';
import { latestDraft } from './get-drafts';

afterEach(() => vi.unstubAllGlobals());

describe('Function: latestDraft', () => {
  it('asks for the user’s own newest draft, with its lines', async () => {
    // Prepare
    const mine = anOrder({ statusCode: '000', createdBy: { id: 'u1', name: 'Anne Duval', actingFor: null } });
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
