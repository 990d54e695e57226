/**
 * The import screen at real sizes (issue 14): a file is read and checked in a worker, so the page answers while
 * it works; the preview shows the first rows and the invalid ones, counts the rest, and what is sent is the whole
 * file with the edits made on screen; the job's progress follows. No timing is asserted: the main thread's
 * blocking time is measured by `npm run bench:import-preview`.
 */
import { expect, type Page, test } from '@playwright/test';
import { bySize } from '../fixtures/size';
import { blockingViolations, choose, gridRows, horizontalOverflow, named, signedIn } from './support';

const PHONE = { width: 390, height: 844 };
const HEADER = 'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;comment';

/**
 * The large file's rows: 20,000 under `npm run test:volume`, 2,000 every day (the preview shows 200 and counts the
 * rest either way). Its row TWIN, past the first rows, repeats its predecessor's code.
 */
const ROWS = bySize(2_000, 20_000);
const TWIN = bySize(1_234, 12_345);
/** A number as French writes it, for a pattern: 20 000 (whatever space the locale puts). */
const frenchNumber = (n: number) => n.toLocaleString('en').replace(/,/g, '\\s');

/**
 * `rows` suppliers with codes no run has used. Row 3 has no city; rows TWIN - 1 and TWIN share a code when
 * `duplicate` is set.
 */
function supplierFile(rows: number, duplicate: boolean) {
  const tag = Date.now().toString(36).toUpperCase();
  const code = (i: number) => `P${tag}${String(i).padStart(6, '0')}`;
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) {
    const c = duplicate && i === TWIN ? code(TWIN - 1) : code(i);
    lines.push(`${c};oui;Domaine ${i};;${i} route des Vins;;16100;${i === 3 ? '' : 'Cognac'};FR;;;;`);
  }
  return { buffer: Buffer.from(`${lines.join('\r\n')}\r\n`), code };
}

async function openImport(page: Page) {
  await signedIn(page, 'otherAdmin', '/supplier/import');
  await expect(page.getByRole('heading', { name: 'Importer des fournisseurs' })).toBeVisible();
  // The limit is stated with the language's separators.
  await expect(page.getByText(/Un import contient au plus 100\s000 lignes et 20 Mo\./)).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Entrepôt' }), 'BDX - Bordeaux – Bruges');
  await expect(page.getByRole('button', { name: 'Fichier CSV' })).toBeEnabled();
}

const chooseFile = (page: Page, buffer: Buffer) =>
  page.locator('input[type="file"]').setInputFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer });

/** The grid's rows, one reasons cell each. */
const importRows = (page: Page) => page.getByTestId('import-grid').locator('.ag-cell[col-id="reasons"]');
const importCell = (page: Page, row: number, key: string) =>
  page.getByTestId('import-grid').locator(`.ag-row[row-id="${row}"] .ag-cell[col-id="${key}"]`).first();

/** Serious and critical axe findings on the screen (as tests/e2e/accessibility.spec.ts counts them). */
const seriousViolations = async (page: Page) =>
  named(await blockingViolations(page, '.ag-center-cols-container .ag-row:nth-child(n+6)'));

/**
 * A file of 100,000 rows is being checked: the page shows how far, and its cancel answers at once (the check is
 * the worker's, which is stopped); then the large file's preview: the first rows and the invalid ones, the
 * rest counted.
 */
async function previewLargeFile(page: Page) {
  await chooseFile(page, supplierFile(100_000, false).buffer);
  const checking = page.getByTestId('import-checking');
  await expect(checking).toBeVisible();
  await expect(checking.getByRole('progressbar', { name: 'Vérification du fichier' })).toBeVisible();
  await checking.getByRole('button', { name: 'Annuler' }).click();
  await expect(checking).toHaveCount(0);
  await expect(page.getByTestId('import-grid')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Fichier CSV' })).toBeEnabled();

  const file = supplierFile(ROWS, true);
  await chooseFile(page, file.buffer);
  await expect(page.getByTestId('import-count')).toHaveText(new RegExp(`^${frenchNumber(ROWS)} lignes$`), {
    timeout: 60_000,
  });
  await expect(page.getByTestId('import-invalid')).toHaveText('3 lignes invalides');
  // 200 rows shown whatever their state (one of them invalid), and the two invalid ones past them.
  await expect(page.getByTestId('import-more')).toContainText(
    new RegExp(`… et ${frenchNumber(ROWS - 202)} autres lignes valides`),
  );
  await expect(page.getByTestId('import-more')).toContainText('pour les lignes affichées');
  const invalidOnly = page.getByRole('switch', { name: 'Lignes invalides seulement' });
  await invalidOnly.check();
  await expect(importRows(page)).toHaveCount(3);
  await expect(importCell(page, TWIN, 'code')).toHaveClass(/import-cell-invalid/);
  await expect(importCell(page, 3, 'city')).toHaveClass(/import-cell-required/);
  return { file, invalidOnly };
}

test.describe('A large import file', () => {
  test(`previews ${ROWS.toLocaleString('en')} rows without holding the page, takes edits, and imports with its progress in view`, async ({
    page,
  }) => {
    // The server's worker writes the rows: several minutes for 20,000 on the local runtime at today's worker rate.
    test.setTimeout(900_000);
    await openImport(page);
    const { file, invalidOnly } = await previewLargeFile(page);

    // Fixing the duplicate frees its twin: both valid now (the invalid rows alone are shown: row 3 is left).
    await importCell(page, TWIN, 'code').dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(file.code(TWIN));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('import-invalid')).toHaveText('1 ligne invalide');
    await expect(importRows(page)).toHaveCount(1);
    await importCell(page, 3, 'city').dblclick();
    await page.keyboard.type('Jarnac');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('import-invalid')).toHaveText('0 ligne invalide');
    await invalidOnly.uncheck();
    await expect(importCell(page, 3, 'city')).toHaveClass(/import-cell-valid/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Valider' }).click();
    const progress = page.getByTestId('import-progress');
    // The bar's filled part carries the role: at 0 % (a loaded machine's worker not started yet) it has no width,
    // which Playwright counts as hidden. Its value is what a reader is told.
    await expect(progress.getByRole('progressbar', { name: "Progression de l'import" })).toHaveAttribute(
      'aria-valuenow',
      /^\d+$/,
    );
    await expect(progress).toContainText(
      new RegExp(`Import en cours : [\\d\\s]+ / ${frenchNumber(ROWS)} lignes traitées`),
      { timeout: 60_000 },
    );
    expect(await seriousViolations(page)).toEqual([]);
    // Rows per second and the estimated end, once the worker has dated its start and written a chunk.
    await expect(progress.getByTestId('import-rate')).toHaveText(/^[\d\s,]+ lignes\/s · fin estimée dans .+$/, {
      timeout: 120_000,
    });
    await expect(page.getByText('Import réalisé avec succès.')).toBeVisible({ timeout: 840_000 });
    await expect(page).toHaveURL(/\/supplier\/list$/);
    // The edits went with the file: the fixed row's code and city exist.
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(file.code(TWIN));
    await expect(gridRows(page)).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(file.code(3));
    await expect(gridRows(page).first()).toContainText('Jarnac');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test(`previews ${ROWS.toLocaleString('en')} rows, counts the rest and fits the screen`, async ({ page }) => {
      test.setTimeout(180_000);
      await openImport(page);
      await previewLargeFile(page);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Retour' }).click();
      await expect(page.getByTestId('import-grid')).toHaveCount(0);
    });
  });
});
