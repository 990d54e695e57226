/**
 * The data router. Guards are loaders: no session → /login, signed in on /login → /dashboard, role level or
 * module scope too low → /403 (the shared canAccess rule). Every page is a lazy chunk, so the first load carries
 * the shell only; AG Grid comes with the list pages.
 */
import { canAccess } from '@cellar/shared/auth/roles';
import { CONTACT_TYPES, type ContactType } from '@cellar/shared/schemas/contact';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { AppLayout } from '../components/layouts/app-layout';
import { PageLoader } from '../components/ui/page-loader';
import { type AppPath, paths } from '../config/paths';
import { hasSession, principalOf, userQueryOptions } from '../lib/auth';
import { queryClient } from '../lib/query-client';

const loadUser = () => queryClient.ensureQueryData(userQueryOptions());

/** Loader of a signed-in page: a session, then the user, then the access rule of the page. */
const guard = (page: AppPath) => async () => {
  if (!hasSession()) throw redirect(paths.login.path);
  const user = await loadUser();
  if (!canAccess(principalOf(user), page.access, page.scopes)) throw redirect(paths.forbidden.path);
  return null;
};

const page = (p: AppPath, lazy: RouteObject['lazy'], path = p.path): RouteObject => ({
  path,
  loader: guard(p),
  lazy,
  handle: { title: p.title },
});

function contactRoutes(type: ContactType): RouteObject[] {
  const { list, create } = paths.contacts[type];
  const lazyList: RouteObject['lazy'] = async () => {
    const { ContactListRoute } = await import('../features/contacts/routes/contact-list');
    return { element: <ContactListRoute key={type} type={type} /> };
  };
  const lazyCreate: RouteObject['lazy'] = async () => {
    const { ContactCreateRoute } = await import('../features/contacts/routes/contact-create');
    return { element: <ContactCreateRoute key={type} type={type} /> };
  };
  return [page(list, lazyList), page(list, lazyList, `/${type}`), page(create, lazyCreate)];
}

export const routes: RouteObject[] = [
  {
    path: paths.login.path,
    loader: () => (hasSession() ? redirect(paths.dashboard.path) : null),
    lazy: async () => ({ Component: (await import('../features/auth/routes/login')).LoginRoute }),
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
    Component: AppLayout,
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(paths.dashboard.path) },
      page(paths.dashboard, async () => ({
        Component: (await import('../features/dashboard/routes/dashboard')).DashboardRoute,
      })),
      page(paths.forbidden, async () => ({
        Component: (await import('../features/errors/routes/forbidden')).ForbiddenRoute,
      })),
      page(paths.notFound, async () => ({
        Component: (await import('../features/errors/routes/not-found')).NotFoundRoute,
      })),
      ...CONTACT_TYPES.flatMap(contactRoutes),
      { path: '*', loader: () => redirect(paths.dashboard.path) },
    ],
  },
];

export const router = createBrowserRouter(routes);
