/**
 * A column filter offering a fixed list of values (AG Grid community has no set filter), e.g. the segment:
 * B2B, B2C or none (the NULL literal). Its model is { filterType: 'choice', values }. The filter's panel
 * (choice-filter-panel.tsx) comes with AG Grid; columns name it by CHOICE_FILTER.
 */
import { SEGMENT_CODES } from '@cellar/shared/common/segments';
import { NULL_CHOICE } from './list-query';

/** The name the grids register the choice filter's panel under. */
export const CHOICE_FILTER = 'cellarChoiceFilter';

/**
 * A value offered, named by an i18n key (`label`) or by a text shown as it is (`text`: a year, a code). One choice
 * may stand for several values (`020|030`: both order statuses read 'in progress'); the model holds the values.
 */
export type Choice = { value: string; label: string } | { value: string; text: string };

const CHOICE_VALUES = '|';
export const valuesOf = (choice: string) => choice.split(CHOICE_VALUES);

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
