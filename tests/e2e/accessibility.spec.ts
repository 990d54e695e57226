/**
 * axe-core on every screen of the SPA's route table (web/src/config/paths.ts), signed in as each kind of user
 * (the provider's superadmin, a client's admin, a client's user) and signed out, at desktop and at phone width:
 * no serious or critical violation. A page the user may not open (/403) is skipped; a page with a parameter is
 * opened through a link found on the pages walked before it (a list's row icons), so each domain's detail and
 * form pages are checked with real records. To keep the walk short, a page is checked at phone width by the first
 * role that opens it (the layout is the same for all), and a grid's rows past the fifth (alike) are left out.
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { type AppPath, paths } from '../../web/src/config/paths';
import { chooseSegment, enterQuantity, sellableLots } from './order-steps';
import { axe, blockingViolations, gridRows, nextWeek, openColumnFilter, signedIn, stepForm } from './support';

const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every page of the table, those without parameters first: they hold the links that lead to the others. */
const pagesOf = (tree: object): AppPath[] =>
  Object.values(tree).flatMap((v: object) => ('path' in v && typeof v.path === 'string' ? [v as AppPath] : pagesOf(v)));
const ALL = pagesOf(paths);
const hasParams = (p: AppPath) => p.path.includes(':');
const PAGES = [...ALL.filter((p) => !hasParams(p)), ...ALL.filter(hasParams)];
/** Public pages are walked signed out; /403 and /404 once each in the signed-in walk, by their own path. */
const PUBLIC = new Set([paths.login, paths.newUser, paths.resetPassword, paths.privacy].map((p) => p.path));

/** The pages each signed-in walk must have reached through a link: one detail or form page per domain. */
const MUST_REACH: Record<'superadmin' | 'admin' | 'user', string[]> = {
  superadmin: [
    paths.orders.detail.path,
    paths.receptions.detail.path,
    paths.shippingOrders.detail.path,
    paths.products.modify.path,
    paths.clientUsers.companyList.path,
  ],
  admin: [paths.orders.detail.path, paths.receptions.detail.path, paths.products.modify.path],
  user: [paths.orders.detail.path, paths.receptions.detail.path],
};

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/?#]+')}$`);

interface Finding {
  page: string;
  width: number;
  rule: string;
  impact: string;
  targets: string[];
}

/** The requests each page has open, as the browser reports them (watched from the test's start: `watch`). */
const open = new WeakMap<Page, Set<Request>>();
function watch(page: Page) {
  if (open.has(page)) return;
  const requests = new Set<Request>();
  page.on('request', (r) => requests.add(r));
  page.on('requestfinished', (r) => requests.delete(r));
  page.on('requestfailed', (r) => requests.delete(r));
  open.set(page, requests);
}

/**
 * The screen once its data is in: no request open for 150 ms (lists and details load after the page shows, and
 * a request may follow the answer of another), no loader, no animation running. Playwright's own "network idle"
 * waits 500 ms of silence, which cost more than the audit itself on every page.
 */
async function settle(page: Page) {
  watch(page);
  const requests = open.get(page) as Set<Request>;
  let quietSince = Date.now();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await page.waitForTimeout(25)) {
    if (requests.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) break;
  }
  await expect(page.locator('.mantine-Loader-root:visible, .ag-loading:visible')).toHaveCount(0);
  // A function, not a string: the site's CSP forbids eval. The tests' TypeScript knows no DOM, hence the type.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
}

async function audit(page: Page, name: string, width: number): Promise<Finding[]> {
  const violations = await blockingViolations(page, '.ag-center-cols-container .ag-row:nth-child(n+6)');
  return violations.map((v) => ({
    page: name,
    width,
    rule: v.id,
    impact: v.impact ?? '',
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ')})`),
  }));
}

/** The pages (patterns) already checked at phone width, by an earlier role. */
const onPhone = new Set<string>();

/** The screen at desktop width, then at phone width (the same page, resized: the layout is responsive). */
async function auditBothWidths(page: Page, name: string, pattern = name): Promise<Finding[]> {
  await page.setViewportSize(DESKTOP);
  await settle(page);
  const desktop = await audit(page, name, DESKTOP.width);
  if (onPhone.has(pattern)) return desktop;
  onPhone.add(pattern);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  const phone = await audit(page, name, PHONE.width);
  await page.setViewportSize(DESKTOP);
  return [...desktop, ...phone];
}

/**
 * Opens a page as the SPA's own links do, through the router (the first one through a full load): every page the
 * same cost as a user's click, not a fresh start of the SPA (its bundle parsed, its session and reference data read).
 */
async function visit(page: Page, url: string) {
  if (page.url() === 'about:blank') {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    const w = globalThis as unknown as {
      history: { pushState(s: unknown, t: string, u: string): void };
      dispatchEvent(e: unknown): void;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState(null, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, url);
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.page} @${f.width}px: ${f.rule} (${f.impact}) on ${f.targets.join(' | ')}`).join('\n');

test.describe('Accessibility (axe)', () => {
  // Checked as shown once still: a dialog caught fading in has its text at partial opacity, which axe reads as a
  // contrast failure. The product honours the system's reduced-motion wish, so the audit asks for it.
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  // Each test on its own: the walks are the suite's longest, and the test command's two shards share them out.
  test.describe.configure({ mode: 'parallel' });
  test.beforeEach(({ page }) => watch(page));

  test('the signed-out pages: sign-in, forgotten password, new password, privacy', async ({ page }) => {
    const findings: Finding[] = [];
    await page.goto(paths.login.path);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    findings.push(...(await auditBothWidths(page, 'login')));
    await page.getByText('Mot de passe oublié ?').click();
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
    findings.push(...(await auditBothWidths(page, 'forgot-password')));
    for (const path of [paths.resetPassword.path, paths.privacy.path]) {
      await page.goto(path);
      findings.push(...(await auditBothWidths(page, path)));
    }
    expect(findings, report(findings)).toEqual([]);
  });

  test('the signed-out pages keep their headings in order (no level skipped)', async ({ page }) => {
    for (const path of [paths.login.path, paths.resetPassword.path]) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      const { violations } = await axe(page).withRules(['heading-order']).analyze();
      expect(violations.map((v) => `${path}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    }
  });

  test("the dialogs and popups a client's admin opens: row edit, confirmation, column filter and layout, export menu, updates, account menu", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    const check = async (name: string, width = DESKTOP.width) => {
      await settle(page);
      findings.push(...(await audit(page, name, width)));
    };
    await signedIn(page, 'admin');

    await page.goto(paths.clientUsers.list.path);
    // The first row the admin may manage (its own has no actions).
    const grid = page.getByTestId('data-grid');
    await grid
      .getByRole('button', { name: /^Modifier / })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: "Modifier l'utilisateur" });
    await expect(edit.getByRole('textbox', { name: 'Prénom' })).not.toHaveValue('');
    await check('user edit dialog');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await grid
      .getByRole('button', { name: /^(Désactiver|Activer) / })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: /^(Désactiver|Activer)$/ });
    await expect(confirm).toBeVisible();
    await check('confirmation dialog');
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();

    await page.goto('/recipient/list');
    await expect(gridRows(page).first()).toBeVisible();
    await openColumnFilter(page, 'address.city');
    await check('column filter popup');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Colonnes' }).click();
    await expect(page.getByRole('switch', { name: 'Ville' })).toBeAttached();
    await check('column layout menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Exporter' }).click();
    await expect(page.getByRole('menuitem', { name: 'Classeur Excel (.xlsx)' })).toBeVisible();
    await check('export menu');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Mises à jour/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('updates dialog');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Menu du compte', exact: true }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check('account menu', PHONE.width);

    expect(findings, report(findings)).toEqual([]);
  });

  test("a shipped order's packing list and its column menu, at both widths", async ({ page }) => {
    const findings: Finding[] = [];
    await signedIn(page, 'user', '/order?search_filter=CMD-CLI001-008');
    await gridRows(page).first().getByRole('link', { name: 'Voir CMD-CLI001-008' }).click();
    const packings = page.getByTestId('order-packings');
    await expect(packings).toBeVisible();
    findings.push(...(await auditBothWidths(page, 'order detail with its packing list', 'packing list')));
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Colonnes' }).click();
      await expect(page.getByRole('switch', { name: 'Contenu' })).toBeVisible();
      await settle(page);
      findings.push(...(await audit(page, 'packing list column menu', viewport.width)));
      await page.keyboard.press('Escape');
    }
    expect(findings, report(findings)).toEqual([]);
  });

  test('the dashboard and the contact and product lists: names hold the visible labels (Label in Name)', async ({
    page,
  }) => {
    const findings: Finding[] = [];
    await signedIn(page, 'admin');
    await expect(page.locator('[data-card]').first()).toBeVisible();
    findings.push(...(await auditBothWidths(page, 'dashboard')));
    for (const path of ['/recipient/list', '/supplier/list', '/product/list']) {
      await page.goto(path);
      await expect(gridRows(page).first()).toBeVisible();
      findings.push(...(await auditBothWidths(page, path)));
    }
    expect(findings, report(findings)).toEqual([]);
  });

  test("the order wizard's steps, its modals and its open date picker, and the export's open date picker", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    const check = async (name: string) => {
      await settle(page);
      findings.push(...(await audit(page, name, DESKTOP.width)));
    };
    await signedIn(page, 'user');
    // A product whose lots lie in several warehouses: its allocation modal, then the departure warehouse's.
    const [code, lots] = [...(await sellableLots(page, 'B2B'))].find(
      ([, l]) => new Set(l.map((lot) => lot.warehouse.code)).size > 1,
    ) ?? ['', []];
    expect(code, 'a B2B product held in several warehouses').not.toBe('');
    const total = lots.reduce((n, l) => n + l.available, 0);

    await page.goto('/order/list');
    await page.getByRole('button', { name: 'Nouvelle commande' }).click();
    const draft = page.getByRole('dialog', { name: 'Commande en cours' });
    await draft.or(stepForm(page, 'Compte et segment')).first().waitFor();
    if (await draft.isVisible()) {
      await check('order wizard: the draft modal');
      await draft.getByRole('button', { name: 'Nouvelle commande' }).click();
    }
    await expect(stepForm(page, 'Compte et segment')).toBeVisible();
    await check('order wizard: step 1');
    await chooseSegment(page, 'B2B');
    // The product grid and its pages.
    await expect(page.getByRole('button', { name: 'Page suivante' })).toBeVisible();
    await check('order wizard: step 2');
    await enterQuantity(page, code, total);
    const allocation = page.getByRole('dialog', { name: `Imputation – ${code} (${total})` });
    await expect(allocation.getByText(`Reste à imputer : 0 / ${total}`)).toBeVisible();
    await check('order wizard: the allocation modal');
    await allocation.getByRole('button', { name: 'Valider' }).click();
    await expect(allocation).toBeHidden();
    await expect(page.getByTestId('cart')).toBeVisible();
    await check('order wizard: step 2 with its cart');
    await page.getByRole('button', { name: 'Valider le panier' }).click();

    const details = stepForm(page, 'Informations');
    await details.getByRole('textbox', { name: 'Référence de la commande' }).fill(`A11Y${Date.now().toString(36)}`);
    await check('order wizard: step 3');
    await details.getByRole('combobox', { name: 'Destinataire' }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await check('order wizard: the recipient search, open');
    await page.getByRole('option').first().click();
    await details.getByRole('textbox', { name: 'Date de livraison' }).click();
    await expect(page.getByRole('button', { name: 'Mois suivant' })).toBeVisible();
    await check('order wizard: the date picker, open');
    await details.getByRole('textbox', { name: 'Date de livraison' }).fill(nextWeek());
    await page.keyboard.press('Tab');
    await details.getByRole('button', { name: 'Valider la commande' }).click();
    const departure = page.getByRole('dialog', { name: 'Entrepôt de départ' });
    await expect(departure).toBeVisible();
    await check('order wizard: the departure warehouse modal');
    await page.keyboard.press('Escape');

    await page.goto('/recipient/list');
    await expect(gridRows(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Exporter' }).click();
    await page.getByRole('menuitem').first().click();
    const exportDialog = page.getByRole('dialog');
    await exportDialog.getByRole('textbox', { name: 'Du' }).click();
    await expect(page.getByRole('button', { name: 'Mois précédent' })).toBeVisible();
    await check("the export's date picker, open");

    expect(findings, report(findings)).toEqual([]);
  });

  const WHO = { superadmin: 'the superadmin', admin: "a client's admin", user: "a client's user" } as const;
  for (const role of ['superadmin', 'admin', 'user'] as const) {
    test(`every page ${WHO[role]} may open`, async ({ page }) => {
      test.setTimeout(600_000);
      await signedIn(page, role);
      const findings: Finding[] = [];
      const links = new Set<string>();
      const reached: string[] = [];

      for (const p of PAGES.filter((q) => !PUBLIC.has(q.path))) {
        let url = p.path;
        if (hasParams(p)) {
          const pattern = patternOf(p.path);
          const found = [...links].find((l) => pattern.test(l));
          if (!found) continue;
          url = found;
        }
        await visit(page, url);
        await settle(page);
        if (new URL(page.url()).pathname !== url && url !== paths.forbidden.path) continue;
        reached.push(p.path);
        const hrefs = await page.evaluate<string[]>(
          `[...document.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href'))`,
        );
        for (const h of hrefs) links.add(h.split(/[?#]/)[0] ?? h);
        findings.push(...(await auditBothWidths(page, url, p.path)));
      }

      // The phone's menu, opened.
      await page.goto(paths.dashboard.path);
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
      findings.push(...(await audit(page, 'phone menu', PHONE.width)));

      expect(reached).toEqual(expect.arrayContaining(MUST_REACH[role]));
      expect(findings, report(findings)).toEqual([]);
    });
  }
});
