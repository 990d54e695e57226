/**
 * A column filter offering a fixed list of values (AG Grid community has no set filter), e.g. the segment:
 * B2B, B2C or none (the NULL literal). Its model is { filterType: 'choice', values }.
 */
import { Checkbox, Stack } from '@mantine/core';
import { type CustomFilterProps, useGridFilter } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';

export interface Choice {
  value: string;
  /** i18n key. */
  label: string;
}

export interface ChoiceFilterModel {
  filterType: 'choice';
  values: string[];
}

export function ChoiceFilter({
  model,
  onModelChange,
  choices,
}: CustomFilterProps<unknown, unknown, ChoiceFilterModel> & { choices: Choice[] }) {
  const { t } = useTranslation();
  // Rows are filtered by the server; the grid never asks this filter about a row.
  useGridFilter({ doesFilterPass: () => true });

  return (
    <Checkbox.Group
      p="sm"
      value={model?.values ?? []}
      onChange={(values) => onModelChange(values.length ? { filterType: 'choice', values } : null)}
    >
      <Stack gap="xs">
        {choices.map((c) => (
          <Checkbox key={c.value} value={c.value} label={t(c.label)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
