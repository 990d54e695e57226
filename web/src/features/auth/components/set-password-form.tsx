/** E-mail (read-only), new password and its confirmation, with the strength rule said before it is broken. */
import { type PasswordReset, passwordResetSchema } from '@cellar/shared/auth/schemas';
import { PASSWORD_MIN_LENGTH } from '@cellar/shared/validation/validators';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useResetPassword } from '../api/reset-password';

interface SetPasswordFormProps {
  email: string;
  token: string;
  /** i18n key of the button: account creation or reset. */
  submitLabel: string;
  onSuccess: () => void;
}

export function SetPasswordForm({ email, token, submitLabel, onSuccess }: SetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm<PasswordReset>({
    initialValues: { email, token, password: '', password_confirmation: '' },
    validate: schemaResolver(passwordResetSchema),
  });

  const submit = (values: PasswordReset) =>
    reset.mutate(values, { onSuccess, onError: (error) => applyServerErrors(form, error) });

  return (
    <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t(submitLabel)}>
      <Stack>
        <TextInput label={t('login.email')} value={email} readOnly variant="filled" />
        <Text size="sm" c="dimmed" id="password-rule">
          {t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        </Text>
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggle_visibility') }}
          autoFocus
          aria-describedby="password-rule"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('password.confirmation')}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggle_visibility') }}
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t(submitLabel)}
        </Button>
      </Stack>
    </form>
  );
}
