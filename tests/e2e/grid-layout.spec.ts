/**
 * What matters in a list is on screen without scrolling sideways. At desktop width (1440 px) the columns come by
 * importance: the status of orders, receptions and shipping orders, the quantity of a stock movement, the lot and
 * warehouse that tell a product's stock lines apart. At phone width (390 px) each list shows its key columns alone,
 * its status and key figure among them, the row icons after them.
 */
import { expect, type Page, test } from '@playwright/test';
import { gridRows, horizontalOverflow, signedIn } from './support';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface List {
  path: string;
  /** Columns (col-id) that must be on screen at desktop width. */
  desktop: string[];
  /** The columns a phone shows, in order: every other one is hidden. */
  phone: string[];
}

const LISTS: List[] = [
  {
    path: '/order/list',
    desktop: ['reference', 'statusCode', 'orderedQuantity'],
    phone: ['reference', 'statusCode', 'orderedQuantity'],
  },
  {
    path: '/reception/list',
    desktop: ['reference', 'statusCode', 'expectedQuantity'],
    phone: ['reference', 'statusCode', 'expectedQuantity'],
  },
  {
    path: '/shipping-order/list',
    desktop: ['reference', 'statusCode', 'parcelCount'],
    phone: ['reference', 'statusCode', 'parcelCount'],
  },
  {
    path: '/stock/movement',
    desktop: ['stock.product.code', 'quantity', 'direction'],
    phone: ['stock.product.code', 'quantity', 'direction'],
  },
  {
    path: '/stock/list',
    desktop: ['product.code', 'batch', 'warehouse.name', 'quantity', 'available'],
    phone: ['product.code', 'batch', 'available'],
  },
  { path: '/product/list', desktop: ['hasStock', 'code', 'label'], phone: ['hasStock', 'code', 'label'] },
  { path: '/recipient/list', desktop: ['displayName', 'address.city'], phone: ['displayName', 'address.city'] },
  { path: '/client-user/list', desktop: ['name', 'role.slug', 'active'], phone: ['name', 'role.slug', 'active'] },
];

/** What these measurements read of an element in the page (the tests are typed without the DOM library). */
interface Box {
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; width: number };
  closest(selector: string): Box | null;
  scrollWidth: number;
  clientWidth: number;
}
/** The page's `getComputedStyle`, as an evaluated function reaches it (a function sent to the page keeps no closure). */
type InPage = { getComputedStyle(e: Box): { paddingLeft: string; paddingRight: string } };

/**
 * The grid's shown columns, left to right, by col-id (the row icons' and tick boxes' columns left out): AG Grid's
 * header cells, or the light table's a phone opens a list in (its cells carry `data-col-id`).
 */
const shownColumns = (page: Page) =>
  page
    .getByTestId('data-grid')
    .locator('.ag-header-row-column .ag-header-cell[col-id], thead th[data-col-id]')
    .evaluateAll((cells) =>
      (cells as unknown as Box[])
        .map((c) => ({
          id: c.getAttribute('col-id') ?? c.getAttribute('data-col-id') ?? '',
          left: c.getBoundingClientRect().left,
        }))
        .filter((c) => c.id !== 'actions' && !c.id.startsWith('ag-Grid-'))
        .sort((a, b) => a.left - b.left)
        .map((c) => c.id),
    );

/** Whether a column's header and a row's cell of it lie wholly within the window's width. */
async function onScreen(page: Page, colId: string, width: number) {
  const grid = page.getByTestId('data-grid');
  const boxes = await Promise.all([
    grid.locator(`.ag-header-cell[col-id="${colId}"], thead th[data-col-id="${colId}"]`).boundingBox(),
    // A row's cell of that column: AG Grid splits a row between its pinned and centre containers, so "the first
    // row" may be a part that holds no such cell.
    grid.locator(`.ag-row .ag-cell[col-id="${colId}"], tbody td[data-col-id="${colId}"]`).first().boundingBox(),
  ]);
  return boxes.every((b) => b !== null && b.width > 0 && b.x >= 0 && b.x + b.width <= width);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(gridRows(page).first()).toBeVisible();
}

test.describe('Grid columns by importance', () => {
  test('at 1440 px each list shows what matters without scrolling sideways', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signedIn(page, 'admin');
    for (const list of LISTS) {
      await open(page, list.path);
      for (const colId of list.desktop) {
        // Polled: the grid may still be sizing its columns (to the saved layout, to the width) when its rows show.
        await expect.poll(() => onScreen(page, colId, DESKTOP.width), `${list.path}: ${colId} on screen`).toBe(true);
      }
    }
  });

  test('at 390 px each list shows its key columns alone, on screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signedIn(page, 'admin');
    for (const list of LISTS) {
      await open(page, list.path);
      await expect.poll(() => shownColumns(page), list.path).toEqual(list.phone);
      for (const colId of list.phone) {
        await expect.poll(() => onScreen(page, colId, PHONE.width), `${list.path}: ${colId} on screen`).toBe(true);
      }
      expect(await horizontalOverflow(page), list.path).toBeLessThanOrEqual(0);
    }
    // A status reads in full: a shipped order's chip is not cut by its cell.
    await open(page, '/order/list');
    const chip = page
      .getByTestId('data-grid')
      .locator(':is([col-id="statusCode"], [data-col-id="statusCode"]) [data-status="070"] .mantine-Badge-label')
      .first();
    await expect(chip).toBeVisible();
    expect(await chip.evaluate((el) => (el as unknown as Box).scrollWidth <= (el as unknown as Box).clientWidth)).toBe(
      true,
    );
  });

  test('the company and shipping order grids are 95 % of the page wide, the others the whole width', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signedIn(page, 'admin');
    const share = () =>
      page.getByTestId('data-grid').evaluate((el) => {
        const grid = el as unknown as Box;
        const main = grid.closest('main') as Box;
        const style = (globalThis as unknown as InPage).getComputedStyle(main);
        const inner = main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return grid.getBoundingClientRect().width / inner;
      });
    for (const [path, wide] of [
      ['/company/list', 0.95],
      ['/shipping-order/list', 0.95],
      ['/order/list', 1],
    ] as const) {
      await open(page, path);
      expect(await share(), path).toBeCloseTo(wide, 2);
    }
  });
});
