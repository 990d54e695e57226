/**
 * A list opened on a phone (issue 27): its pages show in a plain table (web/src/components/data-grid/light-grid.tsx)
 * that sorts, pages and searches by itself, AG Grid's chunk not even loaded; asking for a column's filter hands
 * the list to AG Grid, which opens with the table's sort and filters and that column's filter open.
 */
import { expect, type Page, type Response, test } from '@playwright/test';
import { blockingViolations, gridRows, named, signedIn } from './support';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

const table = (page: Page) => page.getByTestId('data-grid').getByRole('table', { name: 'Lignes de la liste' });
const cities = (page: Page) => table(page).locator('tbody td[data-col-id="address.city"]').allTextContents();
/** The next answer of the recipients' list (the page the table asks). */
const nextPage = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/contacts\?/.test(r.url()));
const citiesOf = async (response: Response) =>
  ((await response.json()) as { data: { address: { city: string } }[] }).data.map((c) => c.address.city);

test('a list opened on a phone is a plain table that sorts and pages by itself, AG Grid not loaded', async ({
  page,
}) => {
  const gridChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/infinite-grid-[^/]+\.js$/.test(r.url())) gridChunks.push(r.url());
  });
  await signedIn(page, 'admin', '/recipient/list');
  await expect(gridRows(page)).toHaveCount(20);

  // Sorted by city from its header: the request asks that sort, and the table shows what it answered.
  const header = table(page).locator('th[data-col-id="address.city"]');
  let answer = nextPage(page);
  await header.getByRole('button', { name: 'Ville', exact: true }).click();
  let response = await answer;
  expect(new URL(response.url()).searchParams.get('sort')).toBe('address.city');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await citiesOf(response);
  await expect.poll(() => cities(page)).toEqual(ascending);

  // Again: descending, by keyboard.
  answer = nextPage(page);
  await header.getByRole('button', { name: 'Ville', exact: true }).press('Enter');
  response = await answer;
  expect(new URL(response.url()).searchParams.get('sort')).toBe('-address.city');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => cities(page)).toEqual(await citiesOf(response));

  // The next page, with the same sort, from the shell's pager.
  answer = nextPage(page);
  await page.getByRole('button', { name: 'Page suivante' }).click();
  response = await answer;
  expect(new URL(response.url()).searchParams.get('page')).toBe('2');
  expect(new URL(response.url()).searchParams.get('sort')).toBe('-address.city');
  await expect.poll(() => cities(page)).toEqual(await citiesOf(response));
  await expect(page.getByTestId('grid-pager-pages')).toContainText('2');

  // Another page size goes back to the first page, with the same sort.
  answer = nextPage(page);
  await page.getByRole('combobox', { name: 'Lignes par page' }).selectOption({ label: '100 par page' });
  response = await answer;
  expect(new URL(response.url()).searchParams.get('page')).toBe('1');
  expect(new URL(response.url()).searchParams.get('paginate')).toBe('100');
  expect(new URL(response.url()).searchParams.get('sort')).toBe('-address.city');
  await expect(gridRows(page)).toHaveCount(100);

  // A search goes back to the first page.
  answer = nextPage(page);
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('CLT0001');
  response = await answer;
  expect(new URL(response.url()).searchParams.get('page')).toBe('1');
  await expect(gridRows(page)).toHaveCount(1);

  await expect(page.locator('.ag-root')).toHaveCount(0);
  expect(gridChunks).toEqual([]);
});

test("asking for a column's filter hands the list to AG Grid, with the table's sort and that filter open", async ({
  page,
}) => {
  await signedIn(page, 'admin', '/recipient/list');
  await expect(gridRows(page)).toHaveCount(20);
  const header = table(page).locator('th[data-col-id="address.city"]');
  const ascending = nextPage(page);
  await header.getByRole('button', { name: 'Ville', exact: true }).click();
  await ascending;
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const answer = nextPage(page);
  await header.getByRole('button', { name: 'Ville', exact: true }).click();
  const shown = await citiesOf(await answer);
  await expect.poll(() => cities(page)).toEqual(shown);

  await header.getByRole('button', { name: 'Filtrer la colonne Ville' }).click();
  const grid = page.getByTestId('data-grid');
  await expect(grid.locator('.ag-root')).toBeVisible();
  await expect(table(page)).toHaveCount(0);
  await expect(page.locator('.ag-filter-menu')).toBeVisible();
  await expect(grid.locator('.ag-header-cell[col-id="address.city"]')).toHaveAttribute('aria-sort', 'descending');
  // The phone's key columns, as the table showed them: the sort handed over does not show the hidden ones again.
  await expect(grid.locator('.ag-header-row-column .ag-header-cell[col-id]:not([col-id="actions"])')).toHaveCount(2);
  // The same rows: AG Grid's first and last rows of the page are the table's.
  const gridCity = (row: number) => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="address.city"]`);
  await expect(gridCity(0)).toHaveText(shown[0] ?? '');
  await expect(gridCity(shown.length - 1)).toHaveText(shown.at(-1) ?? '');

  // The filter typed in AG Grid's popup applies, its chip shows, and the grid stays.
  await page
    .locator('.ag-filter-menu input[type="text"]')
    .first()
    .fill(shown[0] ?? '');
  await expect(page.getByTestId('filter-chips')).toContainText('Ville');
  await expect(gridCity(0)).toHaveText(shown[0] ?? '');
});

test("a link's column filter applies in the table, and its chip removed brings every row back", async ({ page }) => {
  const filters = encodeURIComponent('filter[address.city][contains]=Bordeaux');
  await signedIn(page, 'admin', `/recipient/list?grid_filters=${filters}`);
  await expect(gridRows(page).first()).toBeVisible();
  for (const city of await cities(page)) expect(city.toLowerCase()).toContain('bordeaux');
  const header = table(page).locator('th[data-col-id="address.city"]');
  await expect(header.getByRole('button', { name: 'Filtrer la colonne Ville' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const chips = page.getByTestId('filter-chips');
  await chips.getByRole('button').first().click();
  await expect(gridRows(page)).toHaveCount(20);
  await expect(page.locator('.ag-root')).toHaveCount(0);
});

test('the table breaks no serious accessibility rule, sorted and filtered', async ({ page }) => {
  const filters = encodeURIComponent('filter[address.city][contains]=o');
  await signedIn(page, 'admin', `/recipient/list?grid_filters=${filters}`);
  const header = table(page).locator('th[data-col-id="address.city"]');
  await header.getByRole('button', { name: 'Ville', exact: true }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(gridRows(page).first()).toBeVisible();
  // As the accessibility walk judges a page (accessibility.spec.ts): what blocks someone, serious or critical.
  expect(named(await blockingViolations(page))).toEqual([]);
});
