import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { httpCall, importFile } from '../fixtures/http';
import { gridRows, horizontalOverflow, signedIn } from './support';

const ROWS = 3_001;

test('an export over the row limit, once confirmed, is built in the background and downloaded', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, 'otherAdmin');
  const token = await page.evaluate("localStorage.getItem('cellar.token')");
  const headers = { authorization: `Bearer ${token}` };
  // More recipients than the grids export directly, brought in by a CSV import.
  const me = await (await page.request.get('/api/auth/user?include=warehouses', { headers })).json();
  const tag = Date.now().toString(36).toUpperCase();
  const header = 'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise';
  const lines = Array.from(
    { length: ROWS },
    (_, i) => `X${tag}${i};oui;Cave ${i};;1 rue du Port;;33000;Bordeaux;FR;;;;`,
  );
  const upload = await importFile(
    { call: httpCall(new URL(page.url()).origin) },
    String(token),
    'contact',
    [header, ...lines].join('\r\n'),
    { fields: { type: 'recipient', warehouse: me.warehouses[0].id, segment: 'B2B' } },
  );
  expect(upload.status).toBe(201);
  const { id } = upload.body;
  await expect
    .poll(async () => (await (await page.request.get(`/api/imports/${id}`, { headers })).json()).status, {
      timeout: 120_000,
    })
    .toBe('done');

  await page.goto('/recipient/list');
  const paging = page.getByTestId('grid-pager-rows');
  await expect(paging).toHaveText(/sur \d/);
  const total = Number((await paging.textContent())?.split(' sur ')[1]?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(ROWS);
  await expect(gridRows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Exporter' }).click();
  await page.getByRole('menuitem', { name: 'Fichier CSV (.csv)' }).click();
  await page.getByRole('dialog', { name: 'Export CSV' }).getByRole('button', { name: 'Exporter' }).click();
  // Over the limit: the catalogue's confirmation first.
  const confirm = page.getByRole('dialog', { name: "L'export CSV ne peut contenir que 3000 lignes" });
  await expect(confirm).toBeVisible();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await confirm.getByRole('button', { name: 'Exporter quand même' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('recipients.csv');
  // From the exports bucket (a direct export would be a blob: of the API's answer).
  expect(file.url()).toContain('/cellar-exports/exports/');
  const csv = await readFile(await file.path(), 'utf8');
  const written = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(written).toHaveLength(total + 1);
  // The grid's titles in the user's language (French), not the API's field names.
  expect(written[0]?.split(';')).toEqual(expect.arrayContaining(['Code', 'Contact', 'Ville', 'Entrepôt']));
  expect(written[0]).not.toContain('displayName');
  await expect(page.getByText('Export terminé.')).toBeVisible();
});

const lastMonth = () => {
  const now = new Date();
  const day = (d: Date) =>
    `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  return {
    start: day(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
    end: day(new Date(now.getFullYear(), now.getMonth() - 1, 20)),
  };
};

for (const [device, viewport] of [
  ['desktop', { width: 1400, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`on a ${device}, the export menu picked by keyboard downloads an XLSX workbook with typed cells`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedIn(page, 'user', '/stock/movement');
    await expect(gridRows(page).first()).toBeVisible();
    // The menu opens from its button and its item is chosen without a pointer.
    await page.getByRole('button', { name: 'Exporter' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Fichier CSV (.csv)' })).toBeVisible();
    const xlsx = page.getByRole('menuitem', { name: 'Classeur Excel (.xlsx)' });
    await expect(xlsx).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await xlsx.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export XLSX' });
    const { start, end } = lastMonth();
    await dialog.getByRole('textbox', { name: 'Du' }).fill(start);
    await dialog.getByRole('textbox', { name: 'Du' }).press('Tab');
    await dialog.getByRole('textbox', { name: 'Au' }).fill(end);
    await dialog.getByRole('textbox', { name: 'Au' }).press('Tab');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('stock-movements.xlsx');

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // The grid's titles in the user's language.
    expect(header).toEqual(expect.arrayContaining(['Date', 'Quantité', 'Sens']));
    expect(sheet.rowCount).toBeGreaterThan(1);
    const row = sheet.getRow(2);
    const date = row.getCell(header.indexOf('Date') + 1);
    const quantity = row.getCell(header.indexOf('Quantité') + 1);
    expect(date.value).toBeInstanceOf(Date);
    expect(date.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(typeof quantity.value).toBe('number');
    expect(row.getCell(header.indexOf('Sens') + 1).value).toMatch(/^(Entrée|Sortie)$/);
    await expect(page.getByText('Export terminé.')).toBeVisible();
  });
}
