import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const PRODUCT_NAME = 'Cellar';

/** 'Page title - Cellar' in the browser tab, following the language. */
export function usePageTitle(titleKey: string | undefined) {
  const { t } = useTranslation();
  const title = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return title;
}
