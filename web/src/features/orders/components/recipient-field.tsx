/**
 * The order's recipient search (spec 2 §2, §7): the owner's recipients of the order's segment, 20 at a time from
 * the first character. Choosing one hands over the contact (its address is copied into the order).
 */
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Contact } from '@cellar/shared/contacts/schemas';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecipientSearch } from '../api/get-recipients';

const SEARCH_DEBOUNCE_MS = 300;

interface RecipientFieldProps {
  ownerId: string | null;
  segment: SegmentCode | null;
  onChoose: (contact: Contact) => void;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function RecipientField({ ownerId, segment, onChoose, error, ref }: RecipientFieldProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useRecipientSearch(ownerId, segment, debounced);
  const contacts = found.data ?? [];
  return (
    <Select
      ref={ref}
      label={t('orders.wizard.recipient_search')}
      placeholder={t('orders.wizard.recipient_search_placeholder')}
      searchable
      withAsterisk={segment === 'B2C'}
      data={contacts.map((c) => ({ value: c.id, label: c.text || `${c.code} - ${c.displayName}` }))}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const contact = contacts.find((c) => c.id === id);
        if (contact) onChoose(contact);
      }}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('common.no_data')}
      error={error}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
