/** Sign-in, mailbox, grid and accessibility helpers shared by the specs. */
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axeCore from 'axe-core';
import { PORT } from './runtimes';

export const PASSWORD = 'Cellar-demo-2026';
export const ACCOUNTS = {
  superadmin: 'superadmin@cellar.test',
  admin: 'admin@cli001.test',
  user: 'user@cli001.test',
  reader: 'reader@cli001.test',
  otherAdmin: 'admin@cli002.test',
} as const;

export type Account = keyof typeof ACCOUNTS;

/** The signed-in shell is up: the user's name, or on a phone the menu that holds it. */
const shellUp = (page: Page, timeout?: number) =>
  expect(
    page
      .getByTestId('user-name')
      .or(page.getByRole('button', { name: 'Menu du compte' }))
      .filter({ visible: true }),
    'the signed-in shell (a session that no longer holds leads to the sign-in page)',
  ).toBeVisible({ timeout });

/**
 * Signs in through the login page (in French, the default language) and waits for the dashboard's shell. For the
 * tests whose subject is signing in or out, and for accounts a test creates; the others start with `signedIn`.
 * `timeout` is for the global setup, where expect does not take the config's.
 */
export async function signIn(page: Page, email: string, timeout?: number) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout });
  // The shell is up (the login page can still be on screen while the dashboard's chunk loads, and its language
  // switch is the device's only, not the account's).
  await shellUp(page, timeout);
}

/**
 * Where the global setup keeps each demo account's signed-in browser storage (global-setup.ts), by the port of the
 * runtime it signed in on: a browser's storage belongs to its origin, and two runs side by side (the test
 * command's two shards) each sign in on their own runtime.
 */
export const sessionFile = (account: Account) =>
  fileURLToPath(new URL(`../../.cellar/e2e-sessions/${PORT}/${account}.json`, import.meta.url));

/**
 * Opens `path` (the dashboard unless told) as a demo account, with the storage its sign-in through the login
 * form left in the global setup (the session's token is in localStorage), and waits for the shell as `signIn`
 * does: the same start, without a sign-in per test.
 */
export async function signedIn(page: Page, account: Account, path = '/dashboard') {
  await page.context().setStorageState(sessionFile(account));
  await page.goto(path);
  await shellUp(page);
}

/** What the page writes to its console as errors, or throws, from now on: a test expects none. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** How much wider than the window the page is (0 when nothing overflows sideways). */
export const horizontalOverflow = (page: Page) =>
  // A string runs in the page: the tests' TypeScript knows no DOM.
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

/**
 * The grid's data rows (header rows hold column headers, not cells): AG Grid's, or the light table's a phone opens
 * a list in.
 */
export const gridRows = (page: Page) =>
  page
    .getByTestId('data-grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell').or(page.getByRole('cell')) });

/** The e-mails to `email` on the local mailbox page (/_mailbox), newest first. */
export const mailsTo = (page: Page, email: string) =>
  page.getByTestId('mail').filter({ has: page.getByTestId('mail-to').getByText(email, { exact: true }) });

/** A link of an e-mail made relative, so that it is followed on the runtime under test. */
export const relative = (href: string) => {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
};

/**
 * The link of the newest e-mail sent to `email`, read in the local mailbox (/_mailbox) as a person would, and
 * made relative so that it is followed on the runtime under test.
 */
export async function mailboxLink(page: Page, email: string): Promise<string> {
  await page.goto('/_mailbox');
  const href = await mailsTo(page, email).first().getByRole('link').first().getAttribute('href');
  if (!href) throw new Error(`No link in the mail to ${email}`);
  return relative(href);
}

/** The signed-in user's API, as the page calls it (the session's token is in localStorage). */
export async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate("localStorage.getItem('cellar.token')");
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

/** A day in a week, as typed in the date fields (DD/MM/YYYY). */
export function nextWeek() {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

/** A step of a document's form (order wizard, reception form), by its name. */
export const stepForm = (page: Page, name: string) => page.getByRole('form', { name });

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
 * axe-core on the page, every rule (the audits run those that can block: `blockingViolations`), and WCAG 2.5.3's
 * Label in Name (`label-content-name-mismatch`: a control's name holds its visible text), which axe ships turned
 * off as experimental. In legacy mode axe runs in the page itself: the default mode opens a blank page for each analysis
 * to merge the results of frames (the SPA has none), which made an audit two to three times slower. Only
 * violations are read, so the passes and the rest are not listed node by node (resultTypes); the violations come
 * with all their nodes either way.
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });

const BLOCKING = ['serious', 'critical'];

/**
 * The rules that cannot block: axe gives every finding of a rule that rule's impact (`_finalizeRuleResult` in
 * axe-core), so a minor or moderate rule (`region`, `landmark-*`, `heading-order`…) never reports a serious or
 * critical violation, and the audits that judge by those two need not run it. Read from axe's own rule table; a
 * rule without an impact (a later axe) fails here rather than be left out unseen.
 */
const LESSER_RULES = (axeCore as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
  .filter((r) => {
    if (!r.impact) throw new Error(`axe's rule ${r.id} has no impact: whether it can block is unknown`);
    return !BLOCKING.includes(r.impact);
  })
  .map((r) => r.id);

/**
 * What blocks someone on the screen as it is (a dialog: the page behind it is inert): axe's serious and critical
 * violations, from the rules that can report them. `exclude`: parts left out (a grid's rows past the fifth, alike).
 */
export async function blockingViolations(page: Page, exclude?: string) {
  const builder = axe(page).disableRules(LESSER_RULES);
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return violations.filter((v) => BLOCKING.includes(v.impact ?? ''));
}

/** Each violation as a line: its rule and its first elements, for a test's expectation to list. */
export const named = (violations: Awaited<ReturnType<typeof blockingViolations>>) =>
  violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
