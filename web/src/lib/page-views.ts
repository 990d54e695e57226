/**
 * Page-view activity logs (spec 1 §2): one after each navigation, except for the pages named stats or login
 * (looking at the statistics must not feed them) and except while impersonating (the provider looking over a
 * client's shoulder is not the client's activity; the server ignores those too).
 */
import { routes } from '@cellar/shared/routes/table';
import { callRoute } from './api-client';

const UNLOGGED_PAGES: ReadonlySet<string> = new Set(['stats', 'login']);

export const shouldLogPageView = (pageName: string | undefined, impersonating: boolean): pageName is string =>
  Boolean(pageName) && !impersonating && !UNLOGGED_PAGES.has(pageName as string);

export async function logPageView(pageName: string) {
  try {
    await callRoute(routes.activityLogCreate, { body: { type: 'pageView', pageName } });
  } catch {
    // Already reported by the API client; a lost page view must not break the page.
  }
}
