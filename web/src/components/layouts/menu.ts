/**
 * The side menu of spec 1 §2 and spec 3 §6: Home; Receptions (spec 1 calls the entry Deliveries, which reads as
 * outbound in French logistics: it takes the module's name, as its pages do); Orders; the stock group (stock, stock
 * movements); Transport (shipping orders, transportation scope); the toolkit group (product, supplier, recipient),
 * each entry with its module scope; user accounts and API keys for admins; the provider's screens for the
 * superadmin (carriers, client accounts, client carriers, statistics); Settings for everyone.
 * An entry shows when its page admits the user (the shared canAccess rule against the SPA route table) and the
 * user reaches the entry's own level. A menu never leads to a page that does not exist.
 */
import { ACCESS, type AccessLevel, canAccess, isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import {
  type Icon,
  IconArrowsExchange,
  IconBottle,
  IconBoxMultiple,
  IconBuildingWarehouse,
  IconChartBar,
  IconHome,
  IconKey,
  IconPackageExport,
  IconPackages,
  IconSettings,
  IconShoppingCart,
  IconTool,
  IconTruck,
  IconTruckDelivery,
  IconTruckLoading,
  IconTruckReturn,
  IconUserShare,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { type AppPath, paths } from '../../config/paths';

export interface MenuLink {
  label: string;
  icon: Icon;
  page: AppPath;
}
export interface MenuGroup {
  label: string;
  icon: Icon;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

interface MenuLinkRule {
  label: string;
  icon: Icon;
  /** The page, or the page chosen for this principal. */
  page: AppPath | ((principal: Principal) => AppPath);
  /** A level above the page's own: some pages open to readers are in the menu of the superadmin only. */
  minRole?: AccessLevel;
}
interface MenuGroupRule {
  label: string;
  icon: Icon;
  children: MenuLinkRule[];
}
type MenuRule = MenuLinkRule | MenuGroupRule;

/** A superadmin administers every user; a customer admin, the users of its company ('my users'). */
const userAccounts = (p: Principal): AppPath => (isSuperadmin(p) ? paths.users.list : paths.clientUsers.list);

export const MENU: readonly MenuRule[] = [
  { label: 'menu.home', icon: IconHome, page: paths.dashboard },
  { label: 'menu.receptions', icon: IconTruckLoading, page: paths.receptions.list },
  { label: 'menu.orders', icon: IconShoppingCart, page: paths.orders.list },
  {
    label: 'menu.stock_group',
    icon: IconBoxMultiple,
    children: [
      { label: 'menu.stock', icon: IconPackages, page: paths.stock.list },
      { label: 'menu.stock_movements', icon: IconArrowsExchange, page: paths.stock.movements },
    ],
  },
  { label: 'menu.transport', icon: IconTruckReturn, page: paths.shippingOrders.list },
  {
    label: 'menu.toolkit',
    icon: IconTool,
    children: [
      { label: 'menu.product', icon: IconBottle, page: paths.products.list },
      { label: 'menu.supplier', icon: IconTruckDelivery, page: paths.contacts.supplier.list },
      { label: 'menu.recipient', icon: IconUserShare, page: paths.contacts.recipient.list },
    ],
  },
  { label: 'menu.users', icon: IconUsers, page: userAccounts },
  { label: 'menu.api_keys', icon: IconKey, page: paths.apiKeys },
  { label: 'menu.webhooks', icon: IconWebhook, page: paths.webhooks },
  { label: 'menu.carrier', icon: IconTruck, page: paths.contacts.carrier.list, minRole: ACCESS.superadmin },
  { label: 'menu.companies', icon: IconBuildingWarehouse, page: paths.companies.list, minRole: ACCESS.superadmin },
  {
    label: 'menu.company_carriers',
    icon: IconPackageExport,
    page: paths.companies.carriers,
    minRole: ACCESS.superadmin,
  },
  { label: 'menu.stats', icon: IconChartBar, page: paths.stats, minRole: ACCESS.superadmin },
  { label: 'menu.settings', icon: IconSettings, page: paths.settings },
];

const isGroupRule = (e: MenuRule): e is MenuGroupRule => 'children' in e;
export const isGroup = (e: MenuEntry): e is MenuGroup => 'children' in e;

function resolve(rule: MenuLinkRule, principal: Principal): MenuLink | null {
  const page = typeof rule.page === 'function' ? rule.page(principal) : rule.page;
  if (rule.minRole !== undefined && principal.role < rule.minRole) return null;
  if (!canAccess(principal, page.access, page.scopes)) return null;
  return { label: rule.label, icon: rule.icon, page };
}

/** The entries a principal may open; groups left empty disappear. */
export function visibleMenu(principal: Principal, menu: readonly MenuRule[] = MENU): MenuEntry[] {
  return menu.flatMap((e): MenuEntry[] => {
    if (!isGroupRule(e)) {
      const link = resolve(e, principal);
      return link ? [link] : [];
    }
    const children = e.children.flatMap((c) => resolve(c, principal) ?? []);
    return children.length ? [{ label: e.label, icon: e.icon, children }] : [];
  });
}
