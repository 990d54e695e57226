import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { httpCall, importFile } from '../fixtures/http';
import { ACCOUNTS, gridRows, signIn } from './support';

const ROWS = 3_001;

test('an export over the row limit, once confirmed, is built in the background and downloaded', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ACCOUNTS.otherAdmin);
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
