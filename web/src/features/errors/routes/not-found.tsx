import { ErrorPage } from '../../../components/errors/error-page';

export function NotFoundRoute() {
  return <ErrorPage code="404" title="errors.not_found_title" text="errors.not_found_text" />;
}
