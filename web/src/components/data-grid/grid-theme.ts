/** What every grid shares: the theme, and AG Grid's own texts in the current language. */
import { AG_GRID_LOCALE_EN, AG_GRID_LOCALE_FR } from '@ag-grid-community/locale';
import { themeQuartz } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerHeight: 36,
  spacing: 6,
  accentColor: '#a7354e',
});

export function useGridLocaleText(): Record<string, string> {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({ ...(i18n.language === 'fr' ? AG_GRID_LOCALE_FR : AG_GRID_LOCALE_EN), noRowsToShow: t('grid.empty') }),
    [i18n.language, t],
  );
}
