/**
 * The address block of contacts (and later companies and orders). Company mode asks for the company; person
 * mode (or a required contact, B2C) for the contact name; a required contact makes e-mail and phone required.
 * The rules themselves are the shared schema's; this only marks the fields and sets their lengths.
 */
import type { Address } from '@cellar/shared/common/address';
import { EXCISE_LENGTH, SIRET_LENGTH } from '@cellar/shared/validation/validators';
import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../lib/countries';
import { CountryFlag } from '../ui/country-flag';

interface AddressFieldsProps {
  form: UseFormReturnType<{ address: Address }>;
  /** B2C: a contact person with e-mail and phone. */
  contactRequired: boolean;
  withExcise: boolean;
}

export function AddressFields({ form, contactRequired, withExcise }: AddressFieldsProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const { isCompany } = form.values.address;
  const field = (name: keyof Address) => form.getInputProps(`address.${name}`);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <Switch
        label={t('address.is_company')}
        {...form.getInputProps('address.isCompany', { type: 'checkbox' })}
        style={{ gridColumn: '1 / -1' }}
      />
      <TextInput label={t('address.company')} withAsterisk={isCompany} maxLength={100} {...field('company')} />
      <TextInput
        label={t('address.name')}
        withAsterisk={!isCompany || contactRequired}
        maxLength={100}
        {...field('name')}
      />
      <TextInput label={t('address.siret')} maxLength={SIRET_LENGTH} inputMode="numeric" {...field('siretNumber')} />
      <TextInput label={t('address.street')} withAsterisk maxLength={150} {...field('street')} />
      <TextInput label={t('address.details')} maxLength={150} {...field('details')} />
      <TextInput label={t('address.postcode')} withAsterisk maxLength={12} {...field('postcode')} />
      <TextInput label={t('address.city')} withAsterisk maxLength={100} {...field('city')} />
      <Select
        label={t('address.country')}
        withAsterisk
        searchable
        allowDeselect={false}
        data={countries}
        renderOption={({ option }) => <CountryFlag code={option.value} withName />}
        leftSection={<CountryFlag code={form.values.address.country} />}
        nothingFoundMessage={t('common.no_data')}
        {...field('country')}
      />
      <TextInput label={t('address.email')} type="email" withAsterisk={contactRequired} {...field('email')} />
      <TextInput label={t('address.phone')} type="tel" withAsterisk={contactRequired} {...field('phone')} />
      {withExcise && (
        <>
          <TextInput label={t('address.excise_number')} maxLength={EXCISE_LENGTH} {...field('exciseNumber')} />
          <TextInput
            label={t('address.excise_warehouse_number')}
            maxLength={EXCISE_LENGTH}
            {...field('exciseWarehouseNumber')}
          />
        </>
      )}
    </SimpleGrid>
  );
}
