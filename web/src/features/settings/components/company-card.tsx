/** The user's company, read-only: code, name, street, city, postcode, country. */
import type { User } from '@cellar/shared/users/schemas';
import { Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/countries';

export function CompanyCard({ company }: { company: NonNullable<User['company']> }) {
  const { t, i18n } = useTranslation();
  const address = company.address;
  const fields = [
    ['companies.fields.code', company.code],
    ['companies.fields.name', company.name],
    ['address.street', address?.street ?? ''],
    ['address.city', address?.city ?? ''],
    ['address.postcode', address?.postcode ?? ''],
    ['address.country', address?.country ? countryName(address.country, i18n.language) : ''],
  ] as const;

  return (
    <Paper withBorder p="md" component="section" aria-label={t('settings.company')}>
      <Stack gap="sm">
        <Title order={4}>{t('settings.company')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {fields.map(([label, value]) => (
            <TextInput key={label} label={t(label)} value={value} readOnly variant="filled" />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
