/** The superadmin's form of a new update: title, date and description, all required ('All fields are required'). */
import { appUpdateInputSchema } from '@cellar/shared/appUpdates/schemas';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, schemaResolver } from '../../../lib/form';
import { notify } from '../../../lib/notifications';
import { type AppUpdateInput, useCreateAppUpdate } from '../api/create-app-update';

const emptyUpdate = (): AppUpdateInput => ({ title: '', date: dayjs().format('YYYY-MM-DD'), description: '' });

export function AppUpdateForm() {
  const { t } = useTranslation();
  const create = useCreateAppUpdate();
  const form = useForm<AppUpdateInput>({
    initialValues: emptyUpdate(),
    validate: schemaResolver(appUpdateInputSchema),
  });

  const submit = (values: AppUpdateInput) =>
    create.mutate(values, {
      onSuccess: () => {
        form.setValues(emptyUpdate());
        form.resetDirty();
      },
      onError: (error) => applyServerErrors(form, error),
    });

  return (
    <form
      onSubmit={form.onSubmit(submit, () => notify('warning', t('updates.all_required')))}
      noValidate
      aria-label={t('updates.form_label')}
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput label={t('updates.fields.title')} withAsterisk maxLength={200} {...form.getInputProps('title')} />
          <DatePickerInput
            label={t('updates.fields.date')}
            withAsterisk
            valueFormat="DD/MM/YYYY"
            {...form.getInputProps('date')}
          />
        </Group>
        <Textarea
          label={t('updates.fields.description')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={5000}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={create.isPending}>
            {t('updates.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
