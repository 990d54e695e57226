/**
 * The data router. Guards are loaders: no session → /login, signed in on /login → /dashboard, role level or
 * module scope too low → /403 naming what the page asks (the shared canAccess rule). Every page, and the signed-in
 * shell, is a lazy chunk, so the first load carries the router and the providers only; AG Grid comes with the list
 * pages.
 */
import { canAccess } from '@cellar/shared/access/roles';
import { CONTACT_TYPES, type ContactType } from '@cellar/shared/contacts/types';
import type { ImportTemplateName } from '@cellar/shared/imports/templates';
import type { PreferenceSlug } from '@cellar/shared/preferences/schemas';
import {
  createBrowserRouter,
  type LazyRouteFunction,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { ShellFallback } from '../components/layouts/shell-fallback';
import { PageLoader } from '../components/ui/page-loader';
import { type AppPath, forbiddenPath, paths } from '../config/paths';
import { LoginRoute } from '../features/auth/routes/login';
import { hasSession, principalOf, userQueryOptions } from '../lib/auth';
import { currentLanguage } from '../lib/i18n';
import { nextTask } from '../lib/next-task';
import { queryClient } from '../lib/query-client';

const loadUser = () => queryClient.ensureQueryData(userQueryOptions());

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
/** Starts a page's first requests (a list's layout and first rows), without waiting for their answers. */
type Prefetch = (url: URL) => Promise<void>;

/**
 * Loader of a signed-in page: a session, then the user, then the access rule of the page, then what the page
 * itself must load first (`then`: an unknown company leads to /404). A list's first requests (`prefetch`) start
 * beside the user's, not after it: its rows come after one round of requests. They start in a task of their own
 * (on a first visit the router's creation, matching every route, already fills one).
 */
const guard =
  (page: AppPath, then?: Loader, prefetch?: Prefetch): Loader =>
  async (args) => {
    if (!hasSession()) throw redirect(paths.login.path);
    const prefetching = prefetch && nextTask().then(() => prefetch(new URL(args.request.url)).catch(() => undefined));
    const user = await loadUser();
    if (!canAccess(principalOf(user), page.access, page.scopes)) throw redirect(forbiddenPath(page));
    await prefetching;
    return then ? then(args) : null;
  };

/** A list page's column layout and AG Grid, fetched beside the user (list-prefetch.ts). */
const layoutOf =
  (slug: PreferenceSlug): Prefetch =>
  async () =>
    (await import('../components/data-grid/list-prefetch')).prefetchGridLayout(slug);

type Lazy = LazyRouteFunction<RouteObject>;

/**
 * A page's chunks asked for in a task of their own: on a first visit, the router's creation (matching every route,
 * starting the loaders) already fills one, and asking for a chunk adds a preload link for each of its imports.
 */
const inOwnTask =
  (lazy: Lazy): Lazy =>
  async () => {
    await nextTask();
    return lazy();
  };

const page = (p: AppPath, lazy: Lazy, path = p.path, then?: Loader, prefetch?: Prefetch): RouteObject => ({
  path,
  loader: guard(p, then, prefetch),
  lazy: inOwnTask(lazy),
  handle: { title: p.title, name: p.name },
});

/** The company of /client-user/{companyId}/…, loaded before the page (or /404). */
const loadRouteCompany: Loader = async ({ params }) => {
  const { loadCompany } = await import('../features/users/api/get-company');
  await loadCompany(params.companyId);
  return null;
};

/** An import screen (features/imports) for a template, leading back to its list. */
function importPage(template: ImportTemplateName, p: AppPath, list: AppPath, type?: ContactType): RouteObject {
  return page(p, async () => {
    const { ImportRoute } = await import('../features/imports/routes/import-page');
    return {
      element: (
        <ImportRoute
          key={`${template}-${type ?? ''}`}
          template={template}
          type={type}
          title={p.title}
          listPath={list.path}
          listTitle={list.title}
        />
      ),
    };
  });
}

function userRoutes(): RouteObject[] {
  const list =
    (administration: boolean): Lazy =>
    async () => {
      const { UserListRoute } = await import('../features/users/routes/user-list');
      return { element: <UserListRoute key={String(administration)} administration={administration} /> };
    };
  const create =
    (administration: boolean): Lazy =>
    async () => {
      const { UserCreateRoute } = await import('../features/users/routes/user-create');
      return { element: <UserCreateRoute key={String(administration)} administration={administration} /> };
    };
  const importUsers =
    (administration: boolean): Lazy =>
    async () => {
      const { UserImportRoute } = await import('../features/imports/routes/user-import');
      return { element: <UserImportRoute key={String(administration)} administration={administration} /> };
    };
  const { clientUsers, users } = paths;
  return [
    page(clientUsers.companyImport, importUsers(false), clientUsers.companyImport.path, loadRouteCompany),
    page(users.import, importUsers(true)),
    page(clientUsers.list, list(false), clientUsers.list.path, undefined, layoutOf('client-user')),
    page(clientUsers.list, list(false), '/client-user', undefined, layoutOf('client-user')),
    page(clientUsers.companyList, list(false), clientUsers.companyList.path, loadRouteCompany, layoutOf('client-user')),
    page(clientUsers.create, create(false)),
    page(clientUsers.companyCreate, create(false), clientUsers.companyCreate.path, loadRouteCompany),
    page(users.list, list(true), users.list.path, undefined, layoutOf('user')),
    page(users.list, list(true), '/user', undefined, layoutOf('user')),
    page(users.create, create(true)),
  ];
}

function companyRoutes(): RouteObject[] {
  const { companies } = paths;
  const prefetchCompanies: Prefetch = async (url) =>
    (await import('../features/companies/api/company-list-plan')).prefetchCompanyList(url);
  const lazyList: Lazy = async () => ({
    Component: (await import('../features/companies/routes/company-list')).CompanyListRoute,
  });
  return [
    page(companies.list, lazyList, companies.list.path, undefined, prefetchCompanies),
    page(companies.list, lazyList, '/company', undefined, prefetchCompanies),
    page(companies.create, async () => ({
      Component: (await import('../features/companies/routes/company-create')).CompanyCreateRoute,
    })),
    importPage('company', companies.import, companies.list),
    page(companies.carriers, async () => ({
      Component: (await import('../features/companies/routes/company-carriers')).CompanyCarriersRoute,
    })),
  ];
}

/** The product of /product/modify/{id}, loaded before the page (or back to the list). */
const loadRouteProduct: Loader = async ({ params }) => {
  const { loadProduct } = await import('../features/products/api/load-product');
  await loadProduct(params.productId);
  return null;
};

const prefetchStocks: Prefetch = async (url) =>
  (await import('../features/stocks/api/stock-list-plan')).prefetchStockList(url);
const prefetchOrders: Prefetch = async (url) =>
  (await import('../features/orders/api/order-list-plan')).prefetchOrderList(url);
const prefetchReceptions: Prefetch = async (url) =>
  (await import('../features/receptions/api/reception-list-plan')).prefetchReceptionList(url);
const prefetchMovements: Prefetch = async (url) =>
  (await import('../features/stock-movements/api/stock-movement-list-plan')).prefetchStockMovementList(url);
const prefetchShippingOrders: Prefetch = async (url) =>
  (await import('../features/shipping-orders/api/shipping-order-list-plan')).prefetchShippingOrderList(url);
const prefetchProducts: Prefetch = async (url) =>
  (await import('../features/products/api/product-list-plan')).prefetchProductList(url);

function catalogueRoutes(): RouteObject[] {
  const { products, stock } = paths;
  const productList: Lazy = async () => ({
    Component: (await import('../features/products/routes/product-list')).ProductListRoute,
  });
  const stockList: Lazy = async () => ({
    Component: (await import('../features/stocks/routes/stock-list')).StockListRoute,
  });
  return [
    page(products.list, productList, products.list.path, undefined, prefetchProducts),
    page(products.list, productList, '/product', undefined, prefetchProducts),
    page(products.create, async () => ({
      Component: (await import('../features/products/routes/product-form')).ProductCreateRoute,
    })),
    page(
      products.modify,
      async () => ({ Component: (await import('../features/products/routes/product-form')).ProductModifyRoute }),
      products.modify.path,
      loadRouteProduct,
    ),
    importPage('product', products.import, products.list),
    page(stock.list, stockList, stock.list.path, undefined, prefetchStocks),
    page(stock.list, stockList, '/stock', undefined, prefetchStocks),
    page(
      stock.movements,
      async () => ({
        Component: (await import('../features/stock-movements/routes/stock-movement-list')).StockMovementListRoute,
      }),
      stock.movements.path,
      undefined,
      prefetchMovements,
    ),
  ];
}

/** The reception of /reception/{modify,detail,status}/{id} or /reception/create?reception_id=, before the page. */
const loadRouteReception =
  (page: 'form' | 'detail' | 'status'): Loader =>
  async ({ params, request }) => {
    const api = await import('../features/receptions/api/get-reception');
    const id = params.receptionId ?? new URL(request.url).searchParams.get('reception_id');
    if (page === 'form') {
      if (id || params.receptionId !== undefined) await api.loadModifiableReception(id);
    } else if (page === 'detail') await api.loadViewableReception(id);
    else await api.loadReception(id);
    return null;
  };

function receptionRoutes(): RouteObject[] {
  const { receptions } = paths;
  const list: Lazy = async () => ({
    Component: (await import('../features/receptions/routes/reception-list')).ReceptionListRoute,
  });
  return [
    page(receptions.list, list, receptions.list.path, undefined, prefetchReceptions),
    page(receptions.list, list, '/reception', undefined, prefetchReceptions),
    page(
      receptions.create,
      async () => ({ Component: (await import('../features/receptions/routes/reception-form')).ReceptionCreateRoute }),
      receptions.create.path,
      loadRouteReception('form'),
    ),
    page(
      receptions.modify,
      async () => ({ Component: (await import('../features/receptions/routes/reception-form')).ReceptionModifyRoute }),
      receptions.modify.path,
      loadRouteReception('form'),
    ),
    page(
      receptions.detail,
      async () => ({
        Component: (await import('../features/receptions/routes/reception-detail')).ReceptionDetailRoute,
      }),
      receptions.detail.path,
      loadRouteReception('detail'),
    ),
    page(
      receptions.status,
      async () => ({
        Component: (await import('../features/receptions/routes/reception-status')).ReceptionStatusRoute,
      }),
      receptions.status.path,
      loadRouteReception('status'),
    ),
  ];
}

/** The order of /order/{detail,status}/{id}, before the page. */
const loadRouteOrder =
  (page: 'form' | 'detail' | 'status'): Loader =>
  async ({ params, request }) => {
    const api = await import('../features/orders/api/get-order');
    if (page === 'form') {
      const id = params.orderId ?? new URL(request.url).searchParams.get('order_id');
      if (id || params.orderId !== undefined) await api.loadModifiableOrder(id);
    } else if (page === 'detail') await api.loadViewableOrder(params.orderId);
    else await api.loadOrder(params.orderId);
    return null;
  };

function orderRoutes(): RouteObject[] {
  const { orders } = paths;
  const list: Lazy = async () => ({
    Component: (await import('../features/orders/routes/order-list')).OrderListRoute,
  });
  return [
    page(orders.list, list, orders.list.path, undefined, prefetchOrders),
    page(orders.list, list, '/order', undefined, prefetchOrders),
    page(
      orders.create,
      async () => ({ Component: (await import('../features/orders/routes/order-form')).OrderCreateRoute }),
      orders.create.path,
      loadRouteOrder('form'),
    ),
    page(
      orders.modify,
      async () => ({ Component: (await import('../features/orders/routes/order-form')).OrderModifyRoute }),
      orders.modify.path,
      loadRouteOrder('form'),
    ),
    page(
      orders.detail,
      async () => ({ Component: (await import('../features/orders/routes/order-detail')).OrderDetailRoute }),
      orders.detail.path,
      loadRouteOrder('detail'),
    ),
    page(
      orders.status,
      async () => ({ Component: (await import('../features/orders/routes/order-status')).OrderStatusRoute }),
      orders.status.path,
      loadRouteOrder('status'),
    ),
    importPage('order', orders.import, orders.list),
  ];
}

function shippingOrderRoutes(): RouteObject[] {
  const { shippingOrders } = paths;
  const list: Lazy = async () => ({
    Component: (await import('../features/shipping-orders/routes/shipping-order-list')).ShippingOrderListRoute,
  });
  return [
    page(shippingOrders.list, list, shippingOrders.list.path, undefined, prefetchShippingOrders),
    page(shippingOrders.list, list, '/shipping-order', undefined, prefetchShippingOrders),
    page(shippingOrders.create, async () => ({
      Component: (await import('../features/shipping-orders/routes/shipping-order-create')).ShippingOrderCreateRoute,
    })),
    page(
      shippingOrders.detail,
      async () => ({
        Component: (await import('../features/shipping-orders/routes/shipping-order-detail')).ShippingOrderDetailRoute,
      }),
      shippingOrders.detail.path,
      async ({ params }) => {
        const { loadShippingOrder } = await import('../features/shipping-orders/api/get-shipping-order');
        await loadShippingOrder(params.shippingOrderId);
        return null;
      },
    ),
  ];
}

/** /new-user and /reset-password: one page, two titles. */
function passwordRoute(mode: 'newUser' | 'resetPassword'): RouteObject {
  return {
    path: paths[mode].path,
    lazy: async () => {
      const { SetPasswordRoute, setPasswordLoader } = await import('../features/auth/routes/set-password');
      return { loader: setPasswordLoader, element: <SetPasswordRoute key={mode} mode={mode} /> };
    },
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
  };
}

function contactRoutes(type: ContactType): RouteObject[] {
  const { list, create } = paths.contacts[type];
  const lazyList: Lazy = async () => {
    const { ContactListRoute } = await import('../features/contacts/routes/contact-list');
    return { element: <ContactListRoute key={type} type={type} /> };
  };
  const lazyCreate: Lazy = async () => {
    const { ContactCreateRoute } = await import('../features/contacts/routes/contact-create');
    return { element: <ContactCreateRoute key={type} type={type} /> };
  };
  const prefetch: Prefetch = async (url) =>
    (await import('../features/contacts/api/contact-list-plan')).prefetchContactList(type, url);
  return [
    page(list, lazyList, list.path, undefined, prefetch),
    page(list, lazyList, `/${type}`, undefined, prefetch),
    page(create, lazyCreate),
    importPage('contact', paths.contacts[type].import, list, type),
  ];
}

export const routes: RouteObject[] = [
  {
    path: paths.login.path,
    loader: () => (hasSession() ? redirect(paths.dashboard.path) : null),
    // Part of the first chunk: the sign-in page shows without a second round trip.
    Component: LoginRoute,
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
  },
  passwordRoute('newUser'),
  passwordRoute('resetPassword'),
  {
    path: paths.privacy.path,
    lazy: async () => ({ Component: (await import('../features/legal/routes/privacy')).PrivacyRoute }),
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
  },
  {
    path: '/',
    loader: async () => {
      if (!hasSession()) throw redirect(paths.login.path);
      await loadUser();
      return null;
    },
    // The shell is a chunk of its own: the sign-in page does not carry it. It loads while the loader runs.
    lazy: inOwnTask(async () => {
      const [{ AppLayout }, { UpdatesBadge }, { SignedInProvider }, { prepareFormatters }] = await Promise.all([
        import('../components/layouts/app-layout'),
        import('../features/app-updates/components/updates-badge'),
        import('./signed-in-provider'),
        import('../lib/format'),
      ]);
      // While the user and the page's first answers are on their way.
      void prepareFormatters(currentLanguage());
      return {
        element: (
          <SignedInProvider>
            <AppLayout updates={<UpdatesBadge />} />
          </SignedInProvider>
        ),
      };
    }),
    // A first visit paints the shell's frame at once, while the user and the chunks load.
    HydrateFallback: ShellFallback,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(paths.dashboard.path) },
      page(paths.dashboard, async () => ({
        Component: (await import('../features/dashboard/routes/dashboard')).DashboardRoute,
      })),
      page(paths.settings, async () => ({
        Component: (await import('../features/settings/routes/settings')).SettingsRoute,
      })),
      page(paths.stats, async () => ({
        Component: (await import('../features/stats/routes/stats')).StatsRoute,
      })),
      page(paths.apiKeys, async () => ({
        Component: (await import('../features/api-keys/routes/api-keys')).ApiKeysRoute,
      })),
      page(paths.webhooks, async () => ({
        Component: (await import('../features/webhooks/routes/webhooks')).WebhooksRoute,
      })),
      page(paths.forbidden, async () => ({
        Component: (await import('../features/errors/routes/forbidden')).ForbiddenRoute,
      })),
      page(paths.notFound, async () => ({
        Component: (await import('../features/errors/routes/not-found')).NotFoundRoute,
      })),
      ...CONTACT_TYPES.flatMap(contactRoutes),
      ...userRoutes(),
      ...companyRoutes(),
      ...catalogueRoutes(),
      ...receptionRoutes(),
      ...orderRoutes(),
      ...shippingOrderRoutes(),
      { path: '*', loader: () => redirect(paths.dashboard.path) },
    ],
  },
];

/**
 * The app's router. Creating it matches the address against every route and starts the page's loaders (its first
 * requests): main.tsx does it in a task of its own, not in the one that evaluates the first chunk.
 */
export const createAppRouter = () => createBrowserRouter(routes);
