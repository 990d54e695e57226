/**
 * Rendering a page as the app gives it what it needs (queries, router, modals), its data and the signed-in user
 * already read; the API stubbed; and reading what a person sees of it: dialogs (portalled to the body), their
 * buttons, the notices raised.
 */
import type { RoleSlug } from '@cellar/shared/access/roles';
import { ModalsProvider } from '@mantine/modals';
import { notificationsStore } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { USER_QUERY_KEY } from '../lib/auth';
import { show } from './dom';

/** A signed-in user of `role`, with the modules `scope`. */
export const aUser = (role: RoleSlug, scope: string[] = ['order', 'reception']) => ({
  id: 'u1',
  firstname: 'Anne',
  lastname: 'Duval',
  name: 'Anne Duval',
  email: 'anne@cli001.test',
  role,
  active: true,
  locale: 'fr',
  companyId: 'c1',
  notificationChannels: [],
  notificationEvents: [],
  warehouseIds: [],
  scope,
});

export const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API: each call answered by `reply` (method, url), stubbed as the global fetch; returns the mock. */
export function stubApi(reply: (method: string, url: string) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => reply(init?.method ?? 'GET', url));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * Renders `page` at `path` (matched by `pattern`) for a user of `role` (with the modules `scope`, or aUser's), with
 * `data` already in the query cache (key → answer).
 */
export async function showPage(
  page: ReactNode,
  {
    role,
    scope,
    path,
    pattern,
    data = [],
  }: { role: RoleSlug; scope?: string[]; path: string; pattern: string; data?: [QueryKey, unknown][] },
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(USER_QUERY_KEY, aUser(role, scope));
  for (const [key, value] of data) client.setQueryData(key, value);
  return show(
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </ModalsProvider>
    </QueryClientProvider>,
  );
}

/** Lets queries, mutations and transitions settle. */
export const settle = (ms = 50) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

/** A button of the document (dialogs are portalled to its body) by its text. */
export const buttonNamed = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;

/** The open dialog, if any. */
export const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;

/** A button of the open dialog by its text. */
export const dialogButton = (text: string) =>
  [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === text) as
    | HTMLButtonElement
    | undefined;

/** The messages of the notices raised (the page tests render no notice area). */
export const notices = () => notificationsStore.getState().notifications.map((n) => String(n.message));

/** The field labelled `label` (its label starts with it). */
export const fieldLabelled = (el: HTMLElement, label: string) =>
  [...el.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent?.startsWith(label)) as HTMLInputElement;

/** The options a Mantine select offers, once opened. */
export async function optionsOf(input: HTMLInputElement) {
  await act(async () => input.click());
  await settle();
  return [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
}

/** Picks an option of a Mantine select. */
export async function pick(input: HTMLInputElement, option: string) {
  await optionsOf(input);
  const found = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === option);
  await act(async () => (found as HTMLElement).click());
  await settle();
}
