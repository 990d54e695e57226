import { passwordEmailSchema } from '@cellar/shared/auth/schemas';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { notify } from '../../../lib/notifications';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm({ initialValues: { email: '' }, validate: schemaResolver(passwordEmailSchema) });

  const submit = (values: { email: string }) =>
    request.mutate(values.email, {
      onSuccess: (answer) => {
        notify('success', answer.message || t('login.reset_sent'));
        onBack();
      },
    });

  return (
    <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('login.forgot_title')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('login.forgot_help')}
        </Text>
        <TextInput label={t('login.email')} type="email" withAsterisk autoFocus {...form.getInputProps('email')} />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('login.send_reset')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('login.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  );
}
