import { readFile } from 'node:fs/promises';
import { endOfDayIn, startOfDayIn } from '@cellar/shared/common/dates';
import { expect, type Page, test } from '@playwright/test';
import { choose, gridRows, openColumnFilter, signedIn, uniqueCode } from './support';

/** YYYY-MM-DD of a local day. */
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
/** The first half of last month: the demo's year of movements always covers it. */
function lastMonthRange() {
  const now = new Date();
  return {
    start: isoDay(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
    end: isoDay(new Date(now.getFullYear(), now.getMonth() - 1, 15)),
  };
}
const typed = (day: string) => day.split('-').reverse().join('/');

const field = (page: Page, name: string) =>
  page.getByRole('form', { name: 'Article' }).getByRole('combobox', { name, exact: true });
const text = (page: Page, name: string) =>
  page.getByRole('form', { name: 'Article' }).getByRole('textbox', { name, exact: true });

test.describe('Products', () => {
  test('a writer creates a red wine step by step, finds it, hides it and shows it again', async ({ page }) => {
    const code = uniqueCode('E2EVIN');
    const label = `Château des Essais ${code} 75 cl`;
    await signedIn(page, 'user');
    await page.getByRole('navigation').getByRole('link', { name: 'Articles' }).click();
    await expect(page).toHaveURL(/\/product\/list$/);
    await page.getByRole('link', { name: 'Ajouter un article' }).click();
    await expect(page).toHaveURL(/\/product\/create$/);
    const form = page.getByRole('form', { name: 'Article' });

    await choose(page, field(page, 'Entrepôt'), 'BDX - Bordeaux – Bruges');
    await text(page, 'Code article').pressSequentially(code.toLowerCase());
    await expect(text(page, 'Code article')).toHaveValue(code);
    await text(page, 'Libellé').fill(label);
    await expect(form.getByTestId('attributes')).toHaveCount(0);

    // Family, then sub-family: the red wine's defaults, and the fields up to the first required one left empty.
    await choose(page, field(page, 'Famille'), 'Vins tranquilles');
    await choose(page, field(page, 'Sous-famille'), 'Vin rouge');
    await expect(field(page, 'Famille d’accise')).toHaveValue('Vin tranquille');
    await expect(field(page, 'Couleur')).toHaveValue('Rouge');
    await expect(text(page, 'Millésime')).toBeVisible();
    await expect(field(page, 'Contenance')).toBeVisible();
    await expect(text(page, 'Degré')).toHaveCount(0);

    // Each required field reveals the next one.
    await choose(page, field(page, 'Contenance'), '75 cl');
    await expect(text(page, 'Degré')).toBeVisible();
    await expect(field(page, 'Conditionnement')).toHaveCount(0);
    await text(page, 'Degré').fill('13.5');
    await choose(page, field(page, 'Conditionnement'), 'Caisse bois');
    await choose(page, field(page, 'Colisage (PCB)'), '6 bouteilles');
    await choose(page, field(page, 'Régime fiscal'), 'Droits suspendus');
    await expect(text(page, 'Poids (g)')).toHaveCount(0);
    await choose(page, field(page, 'Titre de mouvement'), 'CRD');

    // The capacity gave the weight its default, and changing it changes the weight.
    await expect(text(page, 'Poids (g)')).toHaveValue('1500');
    await expect(text(page, 'Nomenclature douanière')).toBeVisible();
    await choose(page, field(page, 'Contenance'), '150 cl');
    await expect(text(page, 'Poids (g)')).toHaveValue('3000');
    await choose(page, field(page, 'Contenance'), '75 cl');
    await expect(text(page, 'Poids (g)')).toHaveValue('1500');
    // Choosing again what is already chosen changes nothing: a typed weight stays, the sub-family too.
    await text(page, 'Poids (g)').fill('1400');
    await choose(page, field(page, 'Contenance'), '75 cl');
    await expect(field(page, 'Contenance')).toHaveValue('75 cl');
    await expect(text(page, 'Poids (g)')).toHaveValue('1400');
    await choose(page, field(page, 'Famille'), 'Vins tranquilles');
    await expect(field(page, 'Sous-famille')).toHaveValue('Vin rouge');
    await expect(text(page, 'Poids (g)')).toHaveValue('1400');
    await text(page, 'Poids (g)').fill('1500');

    // 'Continue' waits for valid attributes.
    await text(page, 'Millésime').fill('20');
    await form.getByRole('button', { name: 'Continuer' }).click();
    await expect(form.getByText("Le format n'est pas correct.")).toBeVisible();
    await expect(form.getByRole('switch', { name: 'Gestion par lot' })).toHaveCount(0);
    await text(page, 'Millésime').fill('2020');
    await form.getByRole('button', { name: 'Continuer' }).click();
    await expect(form.getByRole('switch', { name: 'Gestion par lot' })).toBeVisible();
    await expect(form.getByRole('switch', { name: 'Masqué' })).toBeVisible();
    await expect(text(page, 'EAN unité')).toBeVisible();

    // An invalid form warns and calls nothing.
    await text(page, 'Libellé').fill('');
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('Le formulaire est incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/product\/create$/);

    await text(page, 'Libellé').fill(label);
    await form.getByRole('switch', { name: 'Gestion par lot' }).click({ force: true });
    await text(page, 'EAN unité').fill('3760000000017');
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText(`L'article ${code} a été créé.`)).toBeVisible();
    await expect(page).toHaveURL(/\/product\/list\?search_filter=/);
    await expect(page.getByRole('textbox', { name: 'Rechercher' })).toHaveValue(label);
    await expect(gridRows(page)).toHaveCount(1);
    const row = gridRows(page).first();
    await expect(row).toContainText(code);
    await expect(row).toContainText('Vin rouge');
    await expect(row).toContainText('2020');

    // Hide (eye), confirmed; then show (eye-off), confirmed.
    await row.getByRole('button', { name: `Masquer ${code}` }).click();
    await page.getByRole('dialog', { name: 'Masquer' }).getByRole('button', { name: 'Masquer' }).click();
    await expect(page.getByText(`L'article ${code} est masqué.`)).toBeVisible();
    await expect(row.getByRole('button', { name: `Afficher ${code}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Masquer ${code}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Afficher ${code}` }).click();
    await page.getByRole('dialog', { name: 'Afficher' }).getByRole('button', { name: 'Afficher' }).click();
    await expect(page.getByText(`L'article ${code} est de nouveau affiché.`)).toBeVisible();
    await expect(row.getByRole('button', { name: `Masquer ${code}` })).toBeVisible();

    // The detail, then the edit page at its last step, its code locked.
    await row.getByRole('button', { name: `Voir le détail ${code}` }).click();
    const detail = page.getByRole('dialog', { name: `Article n° ${code}` });
    await expect(detail.getByRole('row', { name: /Contenance/ })).toContainText('75 cl');
    await expect(detail.getByRole('row', { name: /Gestion par lot/ })).toContainText('Oui');
    await detail.getByRole('button').first().click();
    await row.getByRole('link', { name: `Modifier ${code}` }).click();
    await expect(page.getByRole('heading', { name: `Modifier l'article - ${code}` })).toBeVisible();
    await expect(page.getByTestId('header-title')).toHaveText(`Modifier l'article - ${code}`);
    await expect(text(page, 'Code article')).toHaveAttribute('readonly', '');
    await expect(form.getByRole('switch', { name: 'Gestion par lot' })).toBeChecked();

    await page.goto('/product/modify/NOPE');
    await expect(page).toHaveURL(/\/product\/list$/);
  });

  test('a reader sees the list filtered by a grid_filters link, without writing icons, and cannot edit', async ({
    page,
  }) => {
    await signedIn(page, 'reader', '/product/list?grid_filters=filter%5Bhidden%5D%3Dtrue');
    await expect(gridRows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ajouter un article' })).toHaveCount(0);
    const hiddenCells = page.getByTestId('data-grid').locator('.ag-cell[col-id="hidden"]');
    await expect(hiddenCells.first()).toHaveText('Oui');
    for (const cell of await hiddenCells.all()) await expect(cell).toHaveText('Oui');
    await expect(
      page.getByTestId('data-grid').getByRole('button', { name: /^(Masquer|Afficher|Modifier) / }),
    ).toHaveCount(0);

    await page.goto('/product/modify/NOPE');
    await expect(page).toHaveURL(/\/403(\?|$)/);
  });
});

test.describe('Stock', () => {
  test('the stock list filters by a product code and opens its detail', async ({ page }) => {
    await signedIn(page, 'user');
    await page.getByRole('navigation').getByRole('link', { name: 'Stock', exact: true }).click();
    await expect(page).toHaveURL(/\/stock\/list$/);
    // A product further down the first page, so that the filter visibly changes the list.
    const codeCell = gridRows(page).nth(10).locator('.ag-cell[col-id="product.code"]');
    await expect(codeCell).toHaveText(/\w+/);
    const code = (await codeCell.innerText()).trim();

    const popup = await openColumnFilter(page, 'product.code');
    await popup.getByRole('textbox').fill(code);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('data-grid').locator('.ag-cell[col-id="product.code"]').first()).toHaveText(code);
    for (const cell of await page.getByTestId('data-grid').locator('.ag-cell[col-id="product.code"]').all()) {
      await expect(cell).toHaveText(code);
    }

    await gridRows(page).first().getByRole('button', { name: code }).click();
    const detail = page.getByRole('dialog', { name: `Article n° ${code}` });
    await expect(detail.getByRole('row', { name: /Code article/ })).toContainText(code);
    await expect(detail.getByRole('row', { name: /Contenance/ })).toContainText(' cl');
  });

  test("a pooled activity's stock list has no segment column", async ({ page }) => {
    await signedIn(page, 'otherAdmin', '/stock/list');
    await page.getByRole('button', { name: 'Colonnes' }).click();
    await expect(page.getByRole('switch', { name: 'Qualité' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Segment' })).toHaveCount(0);
  });

  test('stock movements filter by a date range, end day included, and export the same range', async ({ page }) => {
    const { start, end } = lastMonthRange();
    await signedIn(page, 'user');
    await page.getByRole('navigation').getByRole('link', { name: 'Mouvements de stock' }).click();
    await expect(page).toHaveURL(/\/stock\/movement$/);
    await expect(page.getByRole('heading', { name: 'Mouvement de stocks' })).toBeVisible();
    await expect(
      gridRows(page)
        .first()
        .getByRole('img', { name: /Entrée|Sortie/ }),
    ).toBeVisible();

    const filtered = page.waitForResponse(
      (r) =>
        r.url().includes('/api/stock-movements') && decodeURIComponent(r.url()).includes(`filter[date][bt]=${start}`),
    );
    const popup = await openColumnFilter(page, 'date');
    await popup.locator('input[type=date]').nth(0).fill(start);
    await popup.locator('input[type=date]').nth(1).fill(end);
    const body = (await (await filtered).json()) as { data: { date: string }[]; meta: { total: number } };
    expect(body.meta.total).toBeGreaterThan(0);
    // Paris days, as the export dialog's range below.
    for (const m of body.data) {
      expect(m.date >= startOfDayIn(start) && m.date <= endOfDayIn(end)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('grid-pager-rows')).toContainText(`sur ${body.meta.total.toLocaleString('fr-FR')}`);

    // The export dialog refuses a single date, then exports the range.
    await page.getByRole('button', { name: 'Exporter' }).click();
    await page.getByRole('menuitem', { name: 'Fichier CSV (.csv)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export CSV' });
    await dialog.getByRole('textbox', { name: 'Du' }).fill(typed(start));
    await dialog.getByRole('textbox', { name: 'Du' }).press('Tab');
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Veuillez renseigner la date de début et la date de fin, ou aucune des deux.',
    );
    await dialog.getByRole('textbox', { name: 'Au' }).fill(typed(end));
    await dialog.getByRole('textbox', { name: 'Au' }).press('Tab');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // The grid's own title, in the reader's language.
    expect(header?.split(';')[0]).toBe('Date');
    expect(lines).toHaveLength(body.meta.total);
    await expect(page.getByText('Export terminé.')).toBeVisible();
  });
});
