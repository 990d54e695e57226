import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { askedAccessOf } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { forbiddenReason } from '../utils/forbidden-reason';

/** /403: what the refused page asks (named by the guard's address) against what the account has. */
export function ForbiddenRoute() {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const [search] = useSearchParams();
  const reason = forbiddenReason(t, currentLanguage(), askedAccessOf(search), principal);
  return <ErrorPage code="403" title={t('errors.forbidden_title')} text={reason} />;
}
