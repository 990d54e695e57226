import { routes } from '@cellar/shared/routes/table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { firstPageQuery, type ListPlan, prefetchList, takePrefetchedPage } from './list-prefetch';

const plan: ListPlan<typeof routes.companyList> = {
  route: routes.companyList,
  slug: 'company',
  defaultSort: [{ field: 'code', desc: false }],
  fixedFilters: [],
  include: [],
};
const page = { data: [], meta: { total: 0, has_more: false } };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Function: takePrefetchedPage', () => {
  it.each([
    ['the session that asked it takes it', 'A', true],
    ['the next user of the tab, signed in after a sign-out, never does', 'B', false],
  ])('%s', (_, taker, taken) => {
    // Prepare
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(page), { status: 200 }));
    storage.set('token', 'A');
    prefetchList(plan, new URL('http://cellar.test/company/list'));
    storage.clearSession();
    storage.set('token', taker);
    // Act
    const prefetched = takePrefetchedPage(plan.route, firstPageQuery(plan));
    // Assess
    expect(prefetched !== undefined).toBe(taken);
  });
});
