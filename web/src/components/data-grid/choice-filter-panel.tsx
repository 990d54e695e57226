/** The choice filter's panel: a checkbox per choice (see choice-filter.ts). It loads with AG Grid. */
import { Checkbox, Stack } from '@mantine/core';
import { type CustomFilterProps, useGridFilter } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import { type Choice, type ChoiceFilterModel, tickedChoices, valuesOf } from './choice-filter';

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
      value={tickedChoices(choices, model?.values ?? [])}
      onChange={(ticked) => {
        const values = ticked.flatMap(valuesOf);
        onModelChange(values.length ? { filterType: 'choice', values } : null);
      }}
    >
      <Stack gap="xs">
        {choices.map((c) => (
          <Checkbox key={c.value} value={c.value} label={'text' in c ? c.text : t(c.label)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
