/** Personal information: last name, first name and e-mail, all required, the e-mail valid. */
import { type SelfUpdate, selfUpdateSchema } from '@cellar/shared/auth/schemas';
import type { User } from '@cellar/shared/users/schemas';
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PersonFields } from '../../../components/forms/person-fields';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { notify } from '../../../lib/notifications';
import { useUpdateProfile } from '../api/update-profile';

type ProfileValues = Pick<SelfUpdate, 'lastname' | 'firstname' | 'email'>;

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<ProfileValues>({
    initialValues: { lastname: user.lastname, firstname: user.firstname, email: user.email },
    validate: schemaResolver(selfUpdateSchema),
  });

  const submit = (values: ProfileValues) =>
    update.mutate(values, {
      onSuccess: (answer) => {
        notify('success', answer.message);
        form.resetDirty(values);
      },
      onError: (error) => applyServerErrors(form, error),
    });

  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('settings.profile')}>
        <Stack>
          <Title order={4}>{t('settings.profile')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <PersonFields form={form} email="editable" />
          </SimpleGrid>
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
