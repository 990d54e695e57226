import { type Credentials, credentialsSchema } from '@cellar/shared/auth/credentials';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useLogin } from '../api/login';

interface LoginFormProps {
  onSuccess: () => void;
  onForgotPassword: () => void;
}

export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm<Credentials>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(credentialsSchema),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => login.mutate(values, { onSuccess }), notifyInvalidForm)}
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
