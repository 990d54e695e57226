/**
 * A list's first commit asks for no second, synchronous render. React renders again at once when a component sets
 * state as the page commits (a layout effect, a ref callback, a class's componentDidMount), and runs the commit's
 * passive effects in that same task: on a phone's first visit, the shell and the list's commit became one long task
 * of three. What set state so: Mantine's useId (patches/@mantine+hooks+9.7.3.patch keeps React's id), its menus'
 * and popovers' floating references, its scroll area, the notifications' transition groups; the last three are drawn
 * after the first commit (AfterFirstCommit). React's Profiler names such a render 'nested-update'.
 */
import { MantineProvider, Menu, NativeSelect, TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Profiler, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridToolbar } from '../components/data-grid/grid-toolbar';
import { AppLayout } from '../components/layouts/app-layout';
import { AfterFirstCommit } from '../components/ui/after-first-commit';
import { USER_QUERY_KEY } from '../lib/auth';
import { show } from '../testing/dom';
import { aUser, showPage } from '../testing/pages';
import { AppProvider } from './provider';

/** The phases React's Profiler reports for `node`'s commits, from its mount until it settles. */
async function commitsOf(render: (node: ReactNode) => Promise<unknown>, node: ReactNode): Promise<string[]> {
  const phases: string[] = [];
  await render(
    <Profiler id="under-test" onRender={(_id, phase) => phases.push(phase)}>
      {node}
    </Profiler>,
  );
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  return phases;
}

const layout = { visible: ['code'], toggle: () => {}, save: async () => {}, reset: async () => {}, saving: false };

describe("a list's first commit", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps React's id for Mantine's fields: one commit, and the label names its field", async () => {
    const phases = await commitsOf(
      show,
      <>
        <TextInput label="Recherche" />
        <NativeSelect label="Taille" data={['20', '50']} />
      </>,
    );
    expect(phases).toEqual(['mount']);
    const input = document.querySelector('input');
    expect(input?.id).toMatch(/^mantine-/);
    expect(input?.labels?.[0]?.textContent).toBe('Recherche');
  });

  it('draws what AfterFirstCommit holds in a later commit, its fallback in the first', async () => {
    const seen: (string | null | undefined)[] = [];
    const phases = await commitsOf(
      show,
      <AfterFirstCommit fallback={<button type="button">Colonnes</button>}>
        <Menu>
          <Menu.Target>
            <button type="button" ref={(b) => void seen.push(b?.getAttribute('aria-haspopup'))}>
              Colonnes
            </button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>CSV</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </AfterFirstCommit>,
    );
    expect(phases.slice(0, 2)).toEqual(['mount', 'update']);
    // The menu's button, with its menu, once the first commit is done.
    expect(seen).toContain('menu');
  });

  it('hands a click on the fallback, before the children are drawn, to their button', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    act.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      // Drawn and committed at once: the fallback is on screen, the children's transition not yet run.
      flushSync(() =>
        root.render(
          <MantineProvider>
            <AfterFirstCommit fallback={<button type="button">Exporter</button>}>
              <Menu>
                <Menu.Target>
                  <button type="button">Exporter</button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item>CSV</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </AfterFirstCommit>
          </MantineProvider>,
        ),
      );
      const fallback = container.querySelector('button');
      expect(fallback?.hasAttribute('aria-haspopup')).toBe(false);
      fallback?.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const button = container.querySelector('button');
      expect(button?.getAttribute('aria-expanded')).toBe('true');
      expect(document.querySelector('[role="menu"]')?.textContent).toContain('CSV');
    } finally {
      root.unmount();
      container.remove();
      act.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it("draws a list's toolbar without a second render, its menus in a later commit", async () => {
    const phases = await commitsOf(
      (node) => showPage(node, { role: 'admin', path: '/', pattern: '/' }),
      <GridToolbar
        search=""
        onSearch={() => {}}
        pageSize={20}
        onPageSize={() => {}}
        columns={[{ field: 'code', label: 'Code' }]}
        layout={layout as never}
        exporting={false}
        canExport
        onExport={() => {}}
      />,
    );
    expect(phases.slice(0, 2)).toEqual(['mount', 'update']);
    expect(document.querySelector('button[aria-haspopup="menu"]')).not.toBeNull();
  });

  it('draws the signed-in shell on a phone without a second render', async () => {
    // A phone's width: no media query of the shell's matches (the wide header's actions are not drawn).
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const router = createMemoryRouter([{ path: '/', element: <AppLayout />, children: [{ index: true }] }]);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(USER_QUERY_KEY, aUser('admin'));
    const phases = await commitsOf(
      (node) =>
        show(
          <QueryClientProvider client={client}>
            <ModalsProvider>{node}</ModalsProvider>
          </QueryClientProvider>,
        ),
      <RouterProvider router={router} />,
    );
    expect(phases[0]).toBe('mount');
    expect(phases[1]).not.toBe('nested-update');
    expect(document.querySelector('button[aria-label="Menu du compte"]')).not.toBeNull();
  });

  it("draws the app's providers, the notifications' area after the first commit", async () => {
    const phases = await commitsOf(
      show,
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    );
    expect(phases.slice(0, 2)).toEqual(['mount', 'update']);
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
