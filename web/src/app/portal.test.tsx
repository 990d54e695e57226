/**
 * Mantine's Portal as the SPA runs it (patches/@mantine+core+9.7.3.patch): a portal into the shared node draws its
 * content in the same commit as its parent. Mantine's own set state in a layout effect, a second, synchronous
 * render of every portal of the page (each closed menu's, modal's and popover's), in which React also flushes the
 * commit's passive effects: on a phone's first visit of a list, a long task of its own.
 */
import { Portal } from '@mantine/core';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { show } from '../testing/dom';

describe('a portal into the shared node', () => {
  it('draws its content in its first commit, without a second render', async () => {
    const commits: string[] = [];
    await show(
      <Profiler id="page" onRender={(_id, phase) => commits.push(phase)}>
        <Portal>
          <p data-testid="inside">inside</p>
        </Portal>
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
    const inside = document.querySelector('[data-testid="inside"]');
    expect(inside?.closest('[data-mantine-shared-portal-node]')).not.toBeNull();
  });

  it('finds the shared node again once it was removed, and still draws into it', async () => {
    await show(<Portal>first</Portal>);
    for (const node of document.querySelectorAll('[data-mantine-shared-portal-node]')) node.remove();
    await show(
      <Portal>
        <p data-testid="again">again</p>
      </Portal>,
    );
    const again = document.querySelector('[data-testid="again"]');
    expect(again?.closest('[data-mantine-shared-portal-node]')?.isConnected).toBe(true);
  });

  it('keeps a portal into a node of its own as Mantine draws it, after mount', async () => {
    const container = await show(
      <Portal reuseTargetNode={false}>
        <p data-testid="own">own</p>
      </Portal>,
    );
    const own = document.querySelector('[data-testid="own"]');
    expect(own?.closest('[data-portal]')?.hasAttribute('data-mantine-shared-portal-node')).toBe(false);
    expect(container.contains(own)).toBe(false);
  });
});
