/**
 * The keyboard in every grid, as the WAI-ARIA grid pattern has it: the grid is one Tab stop (Tab leaves it, the
 * arrows move between cells and headers), and the links and buttons a cell holds (row icons, a product code) are
 * not Tab stops of their own. On a cell that holds some, Enter moves into them, the left and right arrows move
 * between them, and Escape comes back to the cell; on any other cell, Enter opens the row (follows its first link
 * that stays in the app, the row's own page, as clicking its icon does).
 */
import type {
  CellKeyDownEvent,
  FullWidthCellKeyDownEvent,
  GridOptions,
  SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { type RefCallback, useCallback } from 'react';

const CELL = '.ag-cell';
const WIDGETS =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]';

/** The row's own page: its first link that stays in the app (a carrier's tracking page opens in a new tab). */
const ROW_PAGE = 'a[href]:not([target="_blank"])';

const asElement = (target: EventTarget | null) => (target instanceof HTMLElement ? target : null);
const cellOf = (el: HTMLElement | null) => el?.closest<HTMLElement>(CELL) ?? null;
const widgetsOf = (cell: HTMLElement) => [...cell.querySelectorAll<HTMLElement>(WIDGETS)];

/** A key pressed on a cell's link or button, not on the cell itself: the widget acts, the grid does not move. */
function inWidget(event: KeyboardEvent): boolean {
  const target = asElement(event.target);
  const cell = cellOf(target);
  return cell !== null && cell !== target;
}

function onCellKeyDown(e: CellKeyDownEvent | FullWidthCellKeyDownEvent) {
  const event = e.event as KeyboardEvent | null | undefined;
  if (event?.key !== 'Enter') return;
  const cell = asElement(event.target);
  if (!cell?.matches(CELL)) return;
  const [first] = widgetsOf(cell);
  if (first) {
    first.focus();
    return;
  }
  cell.closest('.ag-row')?.querySelector<HTMLElement>(ROW_PAGE)?.click();
}

/** The grid options every grid shares for the keyboard. */
export const keyboardOptions = {
  tabToNextCell: () => false,
  tabToNextHeader: () => false,
  onCellKeyDown,
} satisfies GridOptions;

/** For every column (defaultColDef): keys pressed on a cell's widget are left to the widget. */
export const suppressKeyboardEvent = ({ event }: SuppressKeyboardEventParams) => inWidget(event);

/** Arrows and Escape on a cell's widget: the next or previous widget of the cell, or back to the cell. */
function onWidgetKey(event: KeyboardEvent) {
  if (!inWidget(event)) return;
  const target = event.target as HTMLElement;
  const cell = cellOf(target) as HTMLElement;
  if (event.key === 'Escape') {
    event.preventDefault();
    cell.focus();
    return;
  }
  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
  if (!step) return;
  event.preventDefault();
  const widgets = widgetsOf(cell);
  const at = widgets.findIndex((w) => w === target || w.contains(target));
  widgets[at + step]?.focus();
}

/** Takes the cells' widgets out of the Tab order as they are rendered. */
function untab(root: ParentNode) {
  for (const cell of root.querySelectorAll<HTMLElement>(CELL)) {
    for (const w of widgetsOf(cell)) if (w.tabIndex !== -1) w.tabIndex = -1;
  }
}

/**
 * The ref of the element around a grid: widgets rendered in its cells leave the Tab order, and the arrows and
 * Escape work on them. Cells are rendered and recycled as the grid scrolls and pages, hence the observer.
 */
export function useGridKeyboard(): RefCallback<HTMLElement> {
  return useCallback((root: HTMLElement | null) => {
    if (!root) return;
    untab(root);
    const observer = new MutationObserver(() => untab(root));
    observer.observe(root, { childList: true, subtree: true });
    root.addEventListener('keydown', onWidgetKey);
    return () => {
      observer.disconnect();
      root.removeEventListener('keydown', onWidgetKey);
    };
  }, []);
}
