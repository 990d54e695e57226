import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../config/shell';

/** A title a page words itself ('Edit product - {code}'), shown instead of its route's. */
let ownTitle: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setOwnTitle(title: string | null) {
  ownTitle = title;
  for (const listener of listeners) listener();
}

/** 'Page title - Cellar' in the browser tab, following the language; a page's own title wins. */
export function usePageTitle(titleKey: string | undefined) {
  const { t } = useTranslation();
  const own = useSyncExternalStore(subscribe, () => ownTitle);
  const title = own ?? (titleKey ? t(titleKey) : '');
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return title;
}

/** For pages whose title is not their route's (spec 3: /product/modify, 'title not auto-set'). */
export function useOwnPageTitle(title: string) {
  useEffect(() => {
    setOwnTitle(title);
    return () => setOwnTitle(null);
  }, [title]);
}
