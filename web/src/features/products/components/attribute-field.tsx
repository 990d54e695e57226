/** One dynamic attribute of the product form, by type: a select of the offered items, a switch, or a text. */

import type { Language } from '@cellar/shared/i18n/messages';
import { type AttributeValue, type AttributeValues, offeredItems } from '@cellar/shared/referential/attributes';
import type { Attribute } from '@cellar/shared/referential/schemas';
import { Select, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { itemText } from '../../../components/catalogue/attribute-text';

interface AttributeFieldProps {
  attribute: Attribute;
  /** Every value: a select offers the items whose rules they match. */
  values: AttributeValues;
  language: Language;
  error?: string;
  onChange: (value: AttributeValue) => void;
}

export function AttributeField({ attribute: a, values, language, error, onChange }: AttributeFieldProps) {
  const { t } = useTranslation();
  const label = a.label[language];
  const value = values[a.id];

  if (a.isSelect) {
    return (
      <Select
        label={label}
        withAsterisk={a.required}
        data={offeredItems(a, values).map((i) => ({ value: i.code, label: itemText(a, i, language) }))}
        value={value === undefined || value === null || value === '' ? null : String(value)}
        onChange={onChange}
        searchable={a.type === 'autocomplete'}
        // Chosen again, a value stays (an optional one is cleared by its clear button).
        allowDeselect={false}
        clearable={!a.required}
        nothingFoundMessage={t('common.no_data')}
        error={error}
      />
    );
  }
  if (a.type === 'boolean') {
    return (
      <Switch
        label={label}
        checked={value === true}
        onChange={(e) => onChange(e.currentTarget.checked)}
        error={error}
        mt="xl"
      />
    );
  }
  return (
    <TextInput
      label={label}
      withAsterisk={a.required}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={
        a.unit ? (
          <Text size="xs" c="dimmed">
            {a.unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={a.unit ? 56 : undefined}
      error={error}
    />
  );
}
