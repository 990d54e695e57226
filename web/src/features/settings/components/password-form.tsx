/**
 * Changing one's own password: the current one, the new one and its confirmation. The shared schema checks length,
 * mix and equality as the user types; the server adds the common-password rule, whose reason shows on the field.
 */
import { type PasswordChange, passwordChangeSchema } from '@cellar/shared/auth/schemas';
import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { notify } from '../../../lib/notifications';
import { useChangePassword } from '../api/change-password';

const EMPTY: PasswordChange = { currentPassword: '', password: '', password_confirmation: '' };

export function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    initialValues: EMPTY,
    // The account's e-mail takes part in the strength rule (a password must not repeat it).
    validate: (values) =>
      schemaResolver<PasswordChange & { email: string }>(passwordChangeSchema)({ ...values, email }),
  });

  const submit = (values: PasswordChange) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        notify('success', answer.message);
        form.setValues(EMPTY);
        form.resetDirty(EMPTY);
      },
      onError: (error) => applyServerErrors(form, error),
    });

  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('settings.change_password')}>
        <Stack>
          <Title order={4}>{t('settings.change_password')}</Title>
          <Text size="sm" c="dimmed">
            {t('settings.password_help')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <PasswordInput
              label={t('settings.current_password')}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label={t('settings.new_password')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('settings.password_confirmation')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('settings.change_password')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
