/**
 * The SPA's route table: every page once, with its access level, module scopes, title key and page name (the
 * pageName of activity logs). The router's guards and the side menu both read it, so a page and its menu entry
 * can never disagree on who may see it.
 */
import { ACCESS, type AccessLevel, MODULE_SCOPES, type ModuleScope, ROLES } from '@cellar/shared/access/roles';
import { CONTACT_SCOPE, CONTACT_TYPES, type ContactType } from '@cellar/shared/contacts/types';
import { generatePath } from 'react-router';

export interface AppPath {
  /** A react-router pattern (`:companyId` for parameters). */
  path: string;
  access: AccessLevel;
  scopes?: readonly ModuleScope[];
  /** i18n key of the page title. */
  title: string;
  /** The page's name in activity logs. */
  name: string;
}

/** Carriers are the provider's referential: only a superadmin manages them (spec 1 §2 side menu, spec 3 §6). */
const contactAccess = (type: ContactType, writer: boolean): AccessLevel =>
  type === 'carrier' ? ACCESS.superadmin : writer ? ACCESS.writer : ACCESS.reader;

const contactPaths = (type: ContactType) => ({
  list: {
    path: `/${type}/list`,
    access: contactAccess(type, false),
    scopes: [CONTACT_SCOPE[type]],
    title: `contacts.${type}.list_title`,
    name: `${type}-list`,
  },
  create: {
    path: `/${type}/create`,
    access: contactAccess(type, true),
    scopes: [CONTACT_SCOPE[type]],
    title: `contacts.${type}.create_title`,
    name: `${type}-create`,
  },
  import: {
    path: `/${type}/import`,
    access: contactAccess(type, true),
    scopes: [CONTACT_SCOPE[type]],
    title: `imports.contacts.${type}`,
    name: `${type}-import`,
  },
});

export const paths = {
  login: { path: '/login', access: ACCESS.public, title: 'login.title', name: 'login' },
  newUser: { path: '/new-user', access: ACCESS.public, title: 'password.new_user_title', name: 'new-user' },
  resetPassword: {
    path: '/reset-password',
    access: ACCESS.public,
    title: 'password.reset_title',
    name: 'reset-password',
  },
  privacy: { path: '/privacy', access: ACCESS.public, title: 'privacy.title', name: 'privacy' },
  dashboard: { path: '/dashboard', access: ACCESS.reader, title: 'dashboard.title', name: 'dashboard' },
  settings: { path: '/params', access: ACCESS.reader, title: 'settings.title', name: 'params' },
  stats: { path: '/stats', access: ACCESS.reader, title: 'stats.title', name: 'stats' },
  /** A company's API keys, for its admins; every company's for the provider's staff. */
  apiKeys: { path: '/api-key/list', access: ACCESS.admin, title: 'menu.api_keys', name: 'api-key-list' },
  webhooks: { path: '/settings/webhooks', access: ACCESS.admin, title: 'menu.webhooks', name: 'webhooks' },
  forbidden: { path: '/403', access: ACCESS.reader, title: 'errors.forbidden_title', name: '403' },
  notFound: { path: '/404', access: ACCESS.reader, title: 'errors.not_found_title', name: '404' },
  clientUsers: {
    list: { path: '/client-user/list', access: ACCESS.admin, title: 'users.my_users', name: 'client-user-list' },
    companyList: {
      path: '/client-user/:companyId/list',
      access: ACCESS.superadmin,
      title: 'users.company_users',
      name: 'client-user-list',
    },
    create: {
      path: '/client-user/create',
      access: ACCESS.admin,
      title: 'users.create_title',
      name: 'client-user-create',
    },
    companyCreate: {
      path: '/client-user/:companyId/create',
      access: ACCESS.superadmin,
      title: 'users.create_title',
      name: 'client-user-create',
    },
    /** An admin imports into its own company, a superadmin into the one named (spec 3 §2: access 10). */
    companyImport: {
      path: '/client-user/:companyId/import',
      access: ACCESS.admin,
      title: 'imports.users_title',
      name: 'client-user-import',
    },
  },
  users: {
    list: { path: '/user/list', access: ACCESS.admin, title: 'users.list_title', name: 'user-list' },
    create: { path: '/user/create', access: ACCESS.admin, title: 'users.create_title', name: 'user-create' },
    import: { path: '/user/import', access: ACCESS.admin, title: 'imports.users_title', name: 'user-import' },
  },
  companies: {
    list: { path: '/company/list', access: ACCESS.admin, title: 'companies.list_title', name: 'company-list' },
    // Creating companies and granting carrier services are superadmin calls (companyCreate, companyPermissionAdd):
    // a customer admin could only fail on these pages.
    create: {
      path: '/company/create',
      access: ACCESS.superadmin,
      title: 'companies.create_title',
      name: 'company-create',
    },
    // Like their creation, importing companies is the provider's.
    import: {
      path: '/company/import',
      access: ACCESS.superadmin,
      title: 'imports.companies_title',
      name: 'company-import',
    },
    carriers: {
      path: '/company/carriers',
      access: ACCESS.superadmin,
      title: 'companies.carriers_title',
      name: 'company-carriers',
    },
  },
  products: {
    list: {
      path: '/product/list',
      access: ACCESS.reader,
      scopes: ['product'],
      title: 'products.list_title',
      name: 'product-list',
    },
    create: {
      path: '/product/create',
      access: ACCESS.writer,
      scopes: ['product'],
      title: 'products.create_title',
      name: 'product-create',
    },
    import: {
      path: '/product/import',
      access: ACCESS.writer,
      scopes: ['product'],
      title: 'imports.products_title',
      name: 'product-import',
    },
    // The page words its own title, 'Edit product - {code}' (spec 3 §2: not auto-set).
    modify: {
      path: '/product/modify/:productId',
      access: ACCESS.writer,
      scopes: ['product'],
      title: 'products.modify_title',
      name: 'product-modify',
    },
  },
  receptions: {
    list: {
      path: '/reception/list',
      access: ACCESS.reader,
      scopes: ['reception'],
      title: 'receptions.list_title',
      name: 'reception-list',
    },
    create: {
      path: '/reception/create',
      access: ACCESS.writer,
      scopes: ['reception'],
      title: 'receptions.create_title',
      name: 'reception-create',
    },
    modify: {
      path: '/reception/modify/:receptionId',
      access: ACCESS.writer,
      scopes: ['reception'],
      title: 'receptions.modify_title',
      name: 'reception-modify',
    },
    detail: {
      path: '/reception/detail/:receptionId',
      access: ACCESS.reader,
      scopes: ['reception'],
      title: 'receptions.detail_title',
      name: 'reception-detail',
    },
    status: {
      path: '/reception/status/:receptionId',
      access: ACCESS.reader,
      scopes: ['reception'],
      title: 'receptions.status_title',
      name: 'reception-status',
    },
  },
  orders: {
    list: {
      path: '/order/list',
      access: ACCESS.reader,
      scopes: ['order'],
      title: 'orders.list_title',
      name: 'order-list',
    },
    create: {
      path: '/order/create',
      access: ACCESS.writer,
      scopes: ['order'],
      title: 'orders.create_title',
      name: 'create-order',
    },
    modify: {
      path: '/order/modify/:orderId',
      access: ACCESS.writer,
      scopes: ['order'],
      title: 'orders.modify_title',
      name: 'order-modify',
    },
    detail: {
      path: '/order/detail/:orderId',
      access: ACCESS.reader,
      scopes: ['order'],
      title: 'orders.detail_title',
      name: 'order-detail',
    },
    status: {
      path: '/order/status/:orderId',
      access: ACCESS.reader,
      scopes: ['order'],
      title: 'orders.status_title',
      name: 'order-status',
    },
    /** As the create screen (importAccess, shared/src/imports/access.ts). Its title is among the import screen's own texts. */
    import: {
      path: '/order/import',
      access: ACCESS.writer,
      scopes: ['order'],
      title: 'imports.orders_title',
      name: 'order-import',
    },
  },
  shippingOrders: {
    list: {
      path: '/shipping-order/list',
      access: ACCESS.reader,
      scopes: ['transportation'],
      title: 'shipping_orders.list_title',
      name: 'shipping-order-list',
    },
    create: {
      path: '/shipping-order/create',
      access: ACCESS.writer,
      scopes: ['transportation'],
      title: 'shipping_orders.create_title',
      name: 'create-shipping-order',
    },
    detail: {
      path: '/shipping-order/detail/:shippingOrderId',
      access: ACCESS.reader,
      scopes: ['transportation'],
      title: 'shipping_orders.detail_title',
      name: 'shipping-order-detail',
    },
  },
  stock: {
    list: { path: '/stock/list', access: ACCESS.reader, scopes: ['stock'], title: 'stocks.title', name: 'stock-list' },
    movements: {
      path: '/stock/movement',
      access: ACCESS.reader,
      scopes: ['stockMovement'],
      title: 'stock_movements.title',
      name: 'stock-movement',
    },
  },
  contacts: Object.fromEntries(CONTACT_TYPES.map((type) => [type, contactPaths(type)])) as Record<
    ContactType,
    ReturnType<typeof contactPaths>
  >,
} satisfies Record<string, AppPath | Record<string, AppPath | Record<string, AppPath>>>;

/** /client-user/{companyId}/list, or the admin's own list without a company. */
export const clientUserListPath = (companyId?: string) =>
  companyId ? generatePath(paths.clientUsers.companyList.path, { companyId }) : paths.clientUsers.list.path;

export const clientUserCreatePath = (companyId?: string) =>
  companyId ? generatePath(paths.clientUsers.companyCreate.path, { companyId }) : paths.clientUsers.create.path;

export const clientUserImportPath = (companyId: string) =>
  generatePath(paths.clientUsers.companyImport.path, { companyId });

/** /reception/{modify,detail,status}/{id}. */
export const receptionPath = (page: 'modify' | 'detail' | 'status', receptionId: string) =>
  generatePath(paths.receptions[page].path, { receptionId });

/** /reception/create, continuing a reception when one is named (?reception_id=). */
export const receptionCreatePath = (receptionId?: string | null) =>
  receptionId ? `${paths.receptions.create.path}?reception_id=${receptionId}` : paths.receptions.create.path;

/** /order/{modify,detail,status}/{id}. */
export const orderPath = (page: 'modify' | 'detail' | 'status', orderId: string) =>
  generatePath(paths.orders[page].path, { orderId });

/** /order/create, continuing a draft when one is named (?order_id=). */
export const orderCreatePath = (orderId?: string | null) =>
  orderId ? `${paths.orders.create.path}?order_id=${orderId}` : paths.orders.create.path;

/** /shipping-order/detail/{id}. */
export const shippingOrderDetailPath = (shippingOrderId: string) =>
  generatePath(paths.shippingOrders.detail.path, { shippingOrderId });

/** What a refused page asks: its level and its modules. */
export type AskedAccess = Required<Pick<AppPath, 'access' | 'scopes'>>;

/** /403 naming what the refused page asks (?level=2&module=order), for the page to say what the user lacks. */
export function forbiddenPath(page: Pick<AppPath, 'access' | 'scopes'>): string {
  const query = new URLSearchParams({ level: String(page.access) });
  for (const scope of page.scopes ?? []) query.append('module', scope);
  return `${paths.forbidden.path}?${query}`;
}

const LEVELS: readonly number[] = Object.values(ROLES);
const isScope = (v: string): v is ModuleScope => (MODULE_SCOPES as readonly string[]).includes(v);

/** What a /403 address says the refused page asks; null when it names none, or not in forbiddenPath's words. */
export function askedAccessOf(search: URLSearchParams): AskedAccess | null {
  const level = Number(search.get('level'));
  const scopes = search.getAll('module');
  if (!LEVELS.includes(level) || !scopes.every(isScope)) return null;
  return { access: level as AccessLevel, scopes };
}
