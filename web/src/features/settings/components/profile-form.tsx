/**
 * Personal information: last name, first name and e-mail, all required, the e-mail valid. A new sign-in e-mail asks
 * for the current password (the field appears once the e-mail differs); while impersonating it cannot change.
 */
import { type SelfUpdate, selfUpdateSchema } from '@cellar/shared/auth/schemas';
import type { User } from '@cellar/shared/users/schemas';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PersonFields } from '../../../components/forms/person-fields';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { notify } from '../../../lib/notifications';
import { useUpdateProfile } from '../api/update-profile';

type ProfileValues = Pick<SelfUpdate, 'lastname' | 'firstname' | 'email'> & { currentPassword: string };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function ProfileForm({ user, impersonating }: { user: User; impersonating: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<ProfileValues>({
    initialValues: { lastname: user.lastname, firstname: user.firstname, email: user.email, currentPassword: '' },
    validate: (values) => {
      const errors = schemaResolver<ProfileValues>(selfUpdateSchema)(values);
      if (!sameEmail(values.email, user.email) && !values.currentPassword)
        errors.currentPassword = t(MESSAGES.required);
      return errors;
    },
  });
  const emailChanged = !sameEmail(form.values.email, user.email);

  const submit = ({ currentPassword, ...values }: ProfileValues) =>
    update.mutate(emailChanged ? { ...values, currentPassword } : values, {
      onSuccess: (answer) => {
        notify('update', answer.message);
        const saved = { ...values, currentPassword: '' };
        form.setValues(saved);
        form.resetDirty(saved);
      },
      onError: (error) => applyServerErrors(form, error),
    });

  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('settings.profile')}>
        <Stack>
          <Title order={4}>{t('settings.profile')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <PersonFields form={form} email={impersonating ? { readOnly: user.email } : 'editable'} />
          </SimpleGrid>
          {impersonating && (
            <Text size="sm" c="dimmed">
              {t('settings.impersonating_locked')}
            </Text>
          )}
          {emailChanged && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <PasswordInput
                label={t('settings.current_password')}
                description={t('settings.email_needs_password')}
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('currentPassword')}
              />
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
