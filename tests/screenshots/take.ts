/**
 * Screenshots of a running product (`npm start`): the header at phone width, a list whose page fails, and a stock
 * movements export opened as a table. Run against the product before and after a change to show what it changed:
 *   npx tsx tests/screenshots/take.ts http://127.0.0.1:3000 tests/screenshots after
 * (Debian's Chromium, as the browser tests use.)
 */
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:3000', out = 'tests/screenshots', tag = 'now'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ baseURL: base, acceptDownloads: true, viewport: { width: 1400, height: 900 } });
const page = await ctx.newPage();
await page.goto('/login');
await page.getByLabel('E-mail').fill('admin@cli001.test');
await page.getByLabel('Mot de passe').fill('Cellar-demo-2026');
await page.getByRole('button', { name: 'Se connecter' }).click();
await page.waitForURL(/\/dashboard$/);
await page.waitForTimeout(1500);

// 1. The phone header, on a list.
await page.setViewportSize({ width: 390, height: 844 });
await page.goto('/recipient/list');
await page.waitForTimeout(2500);
await page.screenshot({ path: `${out}/phone-header-${tag}.png` });
await page.setViewportSize({ width: 1400, height: 900 });

// 2. The grid when its page fails.
await page.route('**/api/contacts?**', (r) =>
  r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erreur"}' }),
);
await page.goto('/recipient/list');
await page.waitForTimeout(3000);
await page.screenshot({ path: `${out}/grid-error-${tag}.png` });
await page.unroute('**/api/contacts?**');

// 3. An export of the stock movements, opened as a table.
await page.goto('/stock/movement');
await page.waitForTimeout(2500);
const download = page.waitForEvent('download');
await page.getByRole('button', { name: 'Exporter' }).first().click();
await page.waitForTimeout(500);
const dialog = page.getByRole('dialog');
if (await dialog.count()) await dialog.getByRole('button', { name: 'Exporter' }).click();
const file = await download;
const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
const lines = text
  .trim()
  .split(/\r?\n/)
  .slice(0, 12)
  .map((l) => l.split(';'));
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const html = `<html><body style="font-family:sans-serif;font-size:12px;margin:12px"><p><b>${esc(file.suggestedFilename())}</b> opened as a table (first rows)</p><table border="1" cellspacing="0" cellpadding="4">${lines
  .map(
    (cells: string[], i: number) =>
      `<tr>${cells.map((c) => `<${i ? 'td' : 'th'}>${esc(c.replace(/^"|"$/g, ''))}</${i ? 'td' : 'th'}>`).join('')}</tr>`,
  )
  .join('')}</table></body></html>`;
const sheet = await ctx.newPage();
await sheet.setViewportSize({ width: 1600, height: 500 });
await sheet.setContent(html);
await sheet.screenshot({ path: `${out}/export-table-${tag}.png`, fullPage: true });
await browser.close();
console.log('ok', tag);
