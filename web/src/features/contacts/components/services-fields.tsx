/** A carrier's services: code, name and pickup-point flag per row, rows added and removed at will. */
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ContactFormValues, emptyService } from './contact-form-values';

export function ServicesFields({ form }: { form: UseFormReturnType<ContactFormValues> }) {
  const { t } = useTranslation();
  const { services } = form.values;
  return (
    <Stack gap="xs">
      {services.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('contacts.services.empty')}
        </Text>
      )}
      {services.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; the form keys by index.
        <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('contacts.services.code')}
            placeholder={t('contacts.services.code')}
            maxLength={32}
            w={140}
            {...form.getInputProps(`services.${i}.code`)}
          />
          <TextInput
            aria-label={t('contacts.services.name')}
            placeholder={t('contacts.services.name')}
            maxLength={100}
            style={{ flex: 1 }}
            {...form.getInputProps(`services.${i}.name`)}
          />
          <Switch
            mt={8}
            label={t('contacts.services.pickup_point')}
            {...form.getInputProps(`services.${i}.isPickupPoint`, { type: 'checkbox' })}
          />
          <ActionIcon
            mt={4}
            variant="subtle"
            color="red"
            aria-label={t('contacts.services.remove')}
            onClick={() => form.removeListItem('services', i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('services', emptyService())}
        >
          {t('contacts.services.add')}
        </Button>
      </Group>
    </Stack>
  );
}
