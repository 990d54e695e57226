import type { CellKeyDownEvent } from 'ag-grid-community';
import { afterEach, describe, expect, it } from 'vitest';
import { keyboardOptions } from './grid-keyboard';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A row whose cells come in `cells`' order, as AG Grid may lay them out once scrolled. */
function row(cells: string[]) {
  const el = document.createElement('div');
  el.className = 'ag-row';
  el.innerHTML = cells.map((c) => `<div class="ag-cell" tabindex="-1">${c}</div>`).join('');
  document.body.append(el);
  return [...el.querySelectorAll<HTMLElement>('.ag-cell')];
}

/** Enter pressed on `cell`, as AG Grid hands it to the grid's option. */
function enter(cell: HTMLElement) {
  const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true });
  cell.addEventListener('keydown', () => keyboardOptions.onCellKeyDown({ event } as unknown as CellKeyDownEvent), {
    once: true,
  });
  cell.dispatchEvent(event);
}

describe('Function: keyboardOptions.onCellKeyDown', () => {
  it('moves Enter on a cell into its first link', () => {
    const [, tracking] = row([
      '<a href="/order/detail/o1">Voir</a>',
      '<a href="https://carrier.test/COL1" target="_blank">COL1</a>',
    ]);
    enter(tracking as HTMLElement);
    expect(document.activeElement?.textContent).toBe('COL1');
  });

  it('opens the row’s own page on Enter on a plain cell, not a carrier’s page that comes first', () => {
    const [, plain] = row([
      '<a href="https://carrier.test/COL1" target="_blank">COL1</a>',
      'CMD-001',
      '<a href="/order/detail/o1">Voir</a>',
    ]);
    const followed: string[] = [];
    for (const a of document.querySelectorAll('a')) {
      a.addEventListener('click', (e) => {
        e.preventDefault();
        followed.push(a.getAttribute('href') ?? '');
      });
    }
    enter(plain as HTMLElement);
    expect(followed).toEqual(['/order/detail/o1']);
  });
});
