import { ROLES, type RoleSlug } from '@cellar/shared/access/roles';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { i18n, loadTexts } from '../../lib/i18n';
import { moduleLabel } from '../forms/module-choices';
import { isGroup, type MenuEntry, visibleMenu } from './menu';

const principal = (role: RoleSlug, scope: string[] = ['*']) => ({ role: ROLES[role], scope });

/** Each visible entry as 'label → path', groups as 'group/label → path'. */
const flatten = (entries: MenuEntry[]) =>
  entries.flatMap((e) =>
    isGroup(e) ? e.children.map((c) => `${e.label}/${c.label} → ${c.page.path}`) : [`${e.label} → ${e.page.path}`],
  );

describe('Function: visibleMenu', () => {
  it('gives a reader home, the receptions, the orders, the stock group, transport, the toolkit and settings', () => {
    expect(flatten(visibleMenu(principal('reader')))).toEqual([
      'menu.home → /dashboard',
      'menu.receptions → /reception/list',
      'menu.orders → /order/list',
      'menu.stock_group/menu.stock → /stock/list',
      'menu.stock_group/menu.stock_movements → /stock/movement',
      'menu.transport → /shipping-order/list',
      'menu.toolkit/menu.product → /product/list',
      'menu.toolkit/menu.supplier → /supplier/list',
      'menu.toolkit/menu.recipient → /recipient/list',
      'menu.settings → /params',
    ]);
  });

  it('shows Transport only with the transportation scope', () => {
    expect(flatten(visibleMenu(principal('user', ['transportation'])))).toContain(
      'menu.transport → /shipping-order/list',
    );
    expect(flatten(visibleMenu(principal('user', ['order', 'carrier']))).join()).not.toContain('shipping-order');
  });

  it("adds a customer admin's own users and webhooks", () => {
    expect(flatten(visibleMenu(principal('admin')))).toContain('menu.users → /client-user/list');
    expect(flatten(visibleMenu(principal('admin')))).toContain('menu.webhooks → /settings/webhooks');
  });

  it("adds the company's API keys for an admin, not below", () => {
    expect(flatten(visibleMenu(principal('admin')))).toContain('menu.api_keys → /api-key/list');
    expect(flatten(visibleMenu(principal('user'))).some((e) => e.includes('/api-key'))).toBe(false);
  });

  it('gives the superadmin the user administration and the provider screens', () => {
    const menu = flatten(visibleMenu(principal('superadmin')));
    expect(menu).toEqual([
      'menu.home → /dashboard',
      'menu.receptions → /reception/list',
      'menu.orders → /order/list',
      'menu.stock_group/menu.stock → /stock/list',
      'menu.stock_group/menu.stock_movements → /stock/movement',
      'menu.transport → /shipping-order/list',
      'menu.toolkit/menu.product → /product/list',
      'menu.toolkit/menu.supplier → /supplier/list',
      'menu.toolkit/menu.recipient → /recipient/list',
      'menu.users → /user/list',
      'menu.api_keys → /api-key/list',
      'menu.webhooks → /settings/webhooks',
      'menu.carrier → /carrier/list',
      'menu.companies → /company/list',
      'menu.company_carriers → /company/carriers',
      'menu.stats → /stats',
      'menu.settings → /params',
    ]);
  });

  it('keeps statistics out of the menu below superadmin, though the page admits readers', () => {
    expect(flatten(visibleMenu(principal('admin'))).some((e) => e.includes('/stats'))).toBe(false);
  });

  it('shows an entry only with its module scope, and drops a group left empty', () => {
    // Prepare
    const recipientsOnly = principal('user', ['recipient']);
    const noContacts = principal('user', ['order']);
    // Act
    const withRecipients = flatten(visibleMenu(recipientsOnly));
    const without = visibleMenu(noContacts);
    // Assess
    expect(withRecipients).toContain('menu.toolkit/menu.recipient → /recipient/list');
    expect(withRecipients.some((e) => e.includes('/supplier/list'))).toBe(false);
    expect(without.some((e) => e.label === 'menu.toolkit')).toBe(false);
  });

  it.each([
    [['stock'], ['menu.stock_group/menu.stock → /stock/list']],
    [['stockMovement'], ['menu.stock_group/menu.stock_movements → /stock/movement']],
    [['product'], ['menu.toolkit/menu.product → /product/list']],
  ])('gives the scope %j its own catalogue entries only', (scope, entries) => {
    const menu = flatten(visibleMenu(principal('reader', scope)));
    expect(menu.filter((e) => e.includes('/stock') || e.includes('/product'))).toEqual(entries);
  });

  it('shows the orders with the order scope only', () => {
    expect(flatten(visibleMenu(principal('reader', ['order'])))).toContain('menu.orders → /order/list');
    expect(flatten(visibleMenu(principal('reader', ['reception']))).some((e) => e.includes('/order'))).toBe(false);
  });

  it('shows the receptions with the reception scope only', () => {
    expect(flatten(visibleMenu(principal('reader', ['reception'])))).toContain('menu.receptions → /reception/list');
    expect(flatten(visibleMenu(principal('reader', ['stock']))).some((e) => e.includes('/reception'))).toBe(false);
  });

  it.each([[['all']], [['*']]])('reads the grant %j as every scope', (scope) => {
    expect(flatten(visibleMenu(principal('user', scope)))).toContain('menu.toolkit/menu.supplier → /supplier/list');
  });
});

describe('Texts: the receptions entry', () => {
  // Spec 3 names the module Receptions ('Nouvelle réception'); 'Livraisons' reads as outbound in French logistics.
  it.each([
    ['fr', 'Réceptions', 'Réception'],
    ['en', 'Receptions', 'Reception'],
  ] as const)(
    '(%s) names inbound receptions as their module in the menu, the list, its crumbs and the modules',
    async (language, many, one) => {
      // Prepare
      await loadTexts(language);
      const t = i18n.getFixedT(language);
      // Act
      const names = [
        t('menu.receptions'),
        t(paths.receptions.list.title),
        t(moduleLabel('reception')),
        t('scopes.groups.reception'),
      ];
      // Assess
      expect(names).toEqual([many, many, many, many]);
      expect(t('breadcrumbs.reception')).toBe(one);
    },
  );
});
