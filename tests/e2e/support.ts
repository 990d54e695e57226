/** Sign-in, mailbox, grid and accessibility helpers shared by the specs. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Cellar-demo-2026';
export const ACCOUNTS = {
  superadmin: 'superadmin@cellar.test',
  admin: 'admin@cli001.test',
  user: 'user@cli001.test',
  reader: 'reader@cli001.test',
  otherAdmin: 'admin@cli002.test',
} as const;

/** Signs in through the login page (in French, the default language) and waits for the dashboard's shell. */
export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The shell is up (the login page can still be on screen while the dashboard's chunk loads, and its language
  // switch is the device's only, not the account's): the user's name, or on a phone the menu that holds it.
  const shell = page.getByTestId('user-name').or(page.getByRole('button', { name: 'Menu du compte' }));
  await expect(shell.filter({ visible: true })).toBeVisible();
}

/** How much wider than the window the page is (0 when nothing overflows sideways). */
export const horizontalOverflow = (page: Page) =>
  // A string runs in the page: the tests' TypeScript knows no DOM.
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

/** The grid's data rows (header rows hold column headers, not cells). */
export const gridRows = (page: Page) =>
  page
    .getByTestId('data-grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

/**
 * The link of the newest e-mail sent to `email`, read in the local mailbox (/_mailbox) as a person would, and
 * made relative so that it is followed on the runtime under test.
 */
export async function mailboxLink(page: Page, email: string): Promise<string> {
  await page.goto('/_mailbox');
  const mail = page
    .getByTestId('mail')
    .filter({ has: page.getByTestId('mail-to').getByText(email, { exact: true }) })
    .first();
  const href = await mail.getByRole('link').first().getAttribute('href');
  if (!href) throw new Error(`No link in the mail to ${email}`);
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

/** A code no earlier run can have used. */
export const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

/** Opens a grid column's filter popup (AG Grid's header icon is hidden from the accessibility tree). */
export async function openColumnFilter(page: Page, colId: string) {
  await page
    .getByTestId('data-grid')
    .locator(`.ag-header-cell[col-id="${colId}"] .ag-header-cell-filter-button`)
    .click();
  const popup = page.locator('.ag-filter-menu');
  await expect(popup).toBeVisible();
  return popup;
}

/** Picks an option of a Mantine select by its label. */
export async function choose(page: Page, field: ReturnType<Page['getByRole']>, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * axe-core on the page, every rule, as the audits run it. In legacy mode axe runs in the page itself: the default
 * mode opens a blank page for each analysis to merge the results of frames (the SPA has none), which made an audit
 * two to three times slower. Only violations are read, so the passes and the rest are not listed node by node
 * (resultTypes); the violations come with all their nodes either way.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
