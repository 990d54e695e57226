import type { Credentials } from '@cellar/shared/auth/credentials';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApiError } from '../../../lib/api-client';
import { notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useLogin } from '../api/login';

/**
 * The form's rules, the shared schema (zod): a chunk of their own, asked for at the form's first keystroke or tap,
 * so that the first chunk, which holds this page, builds no schema on a signed-in page's load, and the page's first
 * paint shares a phone's link with nothing. A submit waits for them; a failed load is asked again by the next one.
 */
let rules: Promise<(values: Credentials) => FormErrors> | undefined;
function formRules() {
  if (!rules) {
    rules = import('@cellar/shared/auth/credentials').then(({ credentialsSchema }) =>
      schemaResolver<Credentials>(credentialsSchema),
    );
    rules.catch(() => {
      rules = undefined;
    });
  }
  return rules;
}

interface LoginFormProps {
  onSuccess: () => void;
  onForgotPassword: () => void;
}

export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm<Credentials>({ initialValues: { email: '', password: '' } });
  const prepare = () => void formRules().catch(() => undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let validate: (values: Credentials) => FormErrors;
    try {
      validate = await formRules();
    } catch (error) {
      reportApiError(error);
      return;
    }
    const values = form.getValues();
    const errors = validate(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) notifyInvalidForm();
    else login.mutate(values, { onSuccess });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDownCapture={prepare}
      onPointerDownCapture={prepare}
      noValidate
      aria-label={t('login.title')}
    >
      <Stack>
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          withAsterisk
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggle_visibility') }}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
          {t('login.forgot_password')}
        </Anchor>
      </Stack>
    </form>
  );
}
