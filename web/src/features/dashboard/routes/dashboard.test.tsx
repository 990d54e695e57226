import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { show as mount } from '../../../testing/dom';
import { DashboardRoute } from './dashboard';

const user = {
  id: 'u1',
  firstname: 'Anne',
  lastname: 'Duval',
  name: 'Anne Duval',
  email: 'anne@cli001.test',
  role: 'admin',
  roleLevel: 3,
  active: true,
  locale: 'fr',
  companyId: 'c1',
  notificationChannels: [],
  notificationEvents: [],
  warehouseIds: [],
  scope: [],
};
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(USER_QUERY_KEY, user);
  return mount(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe('Route: DashboardRoute', () => {
  it('says that the dashboard could not be loaded and offers to try again, instead of spinning for ever', async () => {
    // Prepare
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(500, { message: 'Erreur serveur.' }))
      .mockResolvedValue(answer(200, { year: 2026, today: '2026-06-10', kpi: {} }));
    vi.stubGlobal('fetch', fetch);
    // Act
    const el = await show();
    await settle();
    // Assess
    const alert = el.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Le tableau de bord n’a pas pu être chargé.');
    const retry = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Réessayer');
    expect(retry).toBeDefined();
    // Act: try again
    await act(async () => retry?.click());
    await settle();
    // Assess
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(el.querySelector('[role="alert"]')).toBeNull();
  });
});
