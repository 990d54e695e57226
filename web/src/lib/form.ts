/**
 * Forms validate with the shared zod schemas. Their issues carry message keys (validation.*) and values
 * (max, min, country); the shared issueKey reads both, and i18next words them in the current language.
 * (mantine-form-zod-resolver keeps only issue.message and loses the values, hence this small resolver.)
 */
import { issueKey } from '@cellar/shared/i18n/messages';
import type { FormErrors } from '@mantine/form';
import type * as z from 'zod';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { hideNoticeOf, notify } from './notifications';

const INVALID_FORM = 'form-validation.error';

/** A mantine-form `validate` function: the first message of each field, translated. */
export function schemaResolver<Values>(schema: z.ZodType) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) {
      // The form is valid now: its 'the form contains errors' warning no longer holds.
      hideNoticeOf('warning', i18n.t(INVALID_FORM));
      return {};
    }
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const { key, values: params } = issueKey(issue);
      errors[path] = i18n.t(key, params);
    }
    return errors;
  };
}

/** The catalogue's answer to an invalid form: a warning, and no call. */
export function notifyInvalidForm() {
  notify('warning', i18n.t(INVALID_FORM));
}

/** Puts a 422/409 answer's field messages onto the form's fields. Returns whether any applied. */
export function applyServerErrors(form: { setErrors: (errors: FormErrors) => void }, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  if (!entries.length) return false;
  form.setErrors(Object.fromEntries(entries.map(([field, messages]) => [field, messages.join(' ')])));
  return true;
}
