import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/errors/error-page';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return <ErrorPage code="404" title={t('errors.not_found_title')} text={t('errors.not_found_text')} />;
}
