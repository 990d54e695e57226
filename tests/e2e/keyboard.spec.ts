import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './support';

/** The focused element (a string runs in the page: the tests' TypeScript knows no DOM). */
const focused = (page: Page) => page.locator('*:focus');
/** The brand's filled colour (wine.6), which Mantine's fields take as their border when focused. */
const FOCUSED_BORDER = 'rgb(189, 67, 94)';
/** Whether the focused element shows it: an outline (Mantine's focus ring, the grid's), or a field's border. */
const focusShows = (page: Page) =>
  page.evaluate<boolean>(`(() => {
    const s = getComputedStyle(document.activeElement);
    return s.outlineStyle !== 'none' || s.borderColor === '${FOCUSED_BORDER}';
  })()`);
/** Where the focused element lies against the grid: inside, before or after it (4: DOCUMENT_POSITION_FOLLOWING). */
const sideOfGrid = (page: Page) =>
  page.evaluate<'inside' | 'before' | 'after'>(`(() => {
    const g = document.querySelector('[data-testid="data-grid"]');
    const a = document.activeElement;
    if (!a || g.contains(a)) return 'inside';
    return g.compareDocumentPosition(a) & 4 ? 'after' : 'before';
  })()`);

test.describe('Keyboard', () => {
  test('the first Tab stop of a public and of a signed-in page is a visible link to the main content', async ({
    page,
  }) => {
    await page.goto('/login');
    // The sign-in form puts the cursor in its first field: back from there, past the language, the link is the
    // page's first stop (one more step back leaves the page).
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate<string>('document.activeElement?.tagName ?? "BODY"')).toBe('BODY');

    await signedIn(page, 'admin', '/order/list');
    await expect(page.getByRole('heading', { name: 'Commandes' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/order\/list$/);
    // The next stop is the page's own first field, past the header and the menu.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Rechercher' })).toBeFocused();

    await page.getByRole('button', { name: 'Changer de compte' }).focus();
    await expect(skip).not.toBeInViewport();
  });

  test('a grid is one Tab stop, the arrows move between its cells, and Enter opens a row', async ({ page }) => {
    await signedIn(page, 'admin', '/order/list');
    const grid = page.getByTestId('data-grid');
    await expect(grid.getByRole('gridcell').first()).toBeVisible();

    // The last of the list's actions, before the grid: the import.
    const before = page.getByRole('link', { name: 'Importer' });
    await before.focus();
    await page.keyboard.press('Tab');
    expect(await sideOfGrid(page)).toBe('inside');
    // The column titles, then the cells: the grid's own stops, reached with the arrows.
    await expect(focused(page)).toHaveRole('columnheader');
    await page.keyboard.press('Tab');
    expect(await sideOfGrid(page)).toBe('after');
    await page.keyboard.press('Shift+Tab');
    expect(await sideOfGrid(page)).toBe('inside');
    await page.keyboard.press('Shift+Tab');
    await expect(before).toBeFocused();

    // Into the grid again, down to the first row's icons cell: the arrows move across and down.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(focused(page)).toHaveRole('gridcell');
    await expect(focused(page)).toHaveAttribute('col-id', 'actions');
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveRole('gridcell');
    const column = await focused(page).getAttribute('col-id');
    expect(column).not.toBe('actions');
    const row = () =>
      page.evaluate<number>("Number(document.activeElement?.closest('[role=row]')?.getAttribute('row-index'))");
    await expect.poll(row).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(row).toBe(1);
    await expect(focused(page)).toHaveAttribute('col-id', column ?? '');
    await page.keyboard.press('ArrowLeft');
    await expect(focused(page)).toHaveAttribute('col-id', 'actions');

    // Enter moves into the icons, the arrows between them, Escape back to the cell.
    const cell = page.locator('[row-index="1"] [col-id="actions"]');
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveRole('link');
    const firstIcon = await focused(page).getAttribute('aria-label');
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).not.toHaveAttribute('aria-label', firstIcon ?? '');
    await page.keyboard.press('ArrowLeft');
    await expect(focused(page)).toHaveAttribute('aria-label', firstIcon ?? '');
    await page.keyboard.press('Escape');
    await expect(cell).toBeFocused();

    // Enter on a plain cell opens the row: its first icon's page.
    await page.keyboard.press('ArrowRight');
    const href = await cell.getByRole('link').first().getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('the menu groups open and close from the keyboard', async ({ page }) => {
    await signedIn(page, 'admin');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const group = menu.getByRole('button', { name: 'Stock', exact: true });
    const movements = menu.getByRole('link', { name: 'Mouvements de stock' });
    await menu.getByRole('link', { name: 'Commandes' }).focus();
    await page.keyboard.press('Tab');
    await expect(group).toBeFocused();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => focusShows(page)).toBe(true);

    await page.keyboard.press('Enter');
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(movements).toBeHidden();
    await page.keyboard.press('Space');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(movements).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(movements).toBeFocused();
  });

  test('keyboard focus is outlined', async ({ page }) => {
    await signedIn(page, 'admin', '/recipient/list');
    await page.getByRole('textbox', { name: 'Rechercher' }).focus();
    // The toolbar's fields and buttons, then the grid's header cell (outlined by the grid's theme, not by Mantine).
    const names: string[] = [];
    while (!names.includes('Exporter')) {
      await page.keyboard.press('Tab');
      const name = (await focused(page).getAttribute('aria-label')) ?? (await focused(page).innerText());
      names.push(name);
      await expect.poll(() => focusShows(page), name).toBe(true);
      expect(names.length).toBeLessThan(8);
    }
  });
});
