/**
 * The reception's supplier (spec 3 §2, §7): a search among the owner's suppliers, 20 at a time from the first
 * character, the owner's multi-supplier entry always offered first, and the chosen one (the reception's, or the
 * one just created) kept among the choices.
 */
import { contactText } from '@cellar/shared/contacts/schemas';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMultiSupplier, useSupplier, useSupplierSearch } from '../api/get-suppliers';

const SEARCH_DEBOUNCE_MS = 300;

interface SupplierFieldProps {
  ownerId: string | null;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: React.ReactNode;
}

export function SupplierField({ ownerId, value, onChange, error }: SupplierFieldProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const chosen = useSupplier(value);
  const chosenText = chosen.data ? contactText(chosen.data.code, chosen.data.address) : null;
  // The field shows the chosen supplier's text: that is no search.
  const found = useSupplierSearch(ownerId, debounced === chosenText ? '' : debounced);
  const multi = useMultiSupplier(ownerId);

  const data = useMemo(() => {
    const contacts = [...(multi.data ? [multi.data] : []), ...(found.data ?? [])];
    const options = contacts
      .filter((c, i) => contacts.findIndex((d) => d.id === c.id) === i)
      .map((c) => ({ value: c.id, label: contactText(c.code, c.address) }));
    if (value && chosenText && !options.some((o) => o.value === value)) options.unshift({ value, label: chosenText });
    return options;
  }, [multi.data, found.data, value, chosenText]);

  return (
    <Select
      label={t('receptions.fields.supplier')}
      placeholder={t('receptions.supplier_search')}
      searchable
      clearable
      withAsterisk
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('common.no_data')}
      error={error}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
