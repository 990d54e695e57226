/**
 * A column filter offering a fixed list of values (AG Grid community has no set filter), e.g. the segment:
 * B2B, B2C or none (the NULL literal). Its model is { filterType: 'choice', values }.
 */
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import { Checkbox, Stack } from '@mantine/core';
import { type CustomFilterProps, useGridFilter } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import { NULL_CHOICE } from './list-query';

/**
 * A value offered, named by an i18n key (`label`) or by a text shown as it is (`text`: a year, a code). One choice
 * may stand for several values (`020|030`: both order statuses read 'in progress'); the model holds the values.
 */
export type Choice = { value: string; label: string } | { value: string; text: string };

const CHOICE_VALUES = '|';
const valuesOf = (choice: string) => choice.split(CHOICE_VALUES);

/** The choices a model's values tick: those whose every value it holds. */
export const tickedChoices = (choices: Choice[], values: string[]) =>
  choices.filter((c) => valuesOf(c.value).every((v) => values.includes(v))).map((c) => c.value);

/** The segment filter: segment codes or 'no segment' (the NULL literal). */
export const SEGMENT_CHOICES: Choice[] = [
  ...SEGMENT_CODES.map((code) => ({ value: code, label: `segments.${code}` })),
  { value: NULL_CHOICE, label: 'segments.none' },
];

export const BOOLEAN_CHOICES: Choice[] = [
  { value: 'true', label: 'common.yes' },
  { value: 'false', label: 'common.no' },
];

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
