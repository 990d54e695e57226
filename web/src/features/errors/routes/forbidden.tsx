import { ErrorPage } from '../../../components/errors/error-page';

export function ForbiddenRoute() {
  return <ErrorPage code="403" title="errors.forbidden_title" text="errors.forbidden_text" />;
}
