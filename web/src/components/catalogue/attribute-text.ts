/**
 * How attribute values read in the current language: an item's label instead of its code ('CL75' → '75 cl',
 * 'RG' → 'Rouge'), a unit after a typed value ('1500 g'), yes or no for booleans. The choices of the grids'
 * attribute filters come from the same items.
 */

import type { Language } from '@cellar/shared/i18n/messages';
import { type AttributeValue, offeredItems } from '@cellar/shared/referential/attributes';
import type { Attribute, AttributeItem } from '@cellar/shared/referential/schemas';
import { isEmpty } from '@cellar/shared/validation/validators';

const withUnit = (text: string, unit: string | null) => (unit ? `${text} ${unit}` : text);

/** An item as a select or a cell shows it. */
export const itemText = (attribute: Attribute, item: AttributeItem, language: Language) =>
  withUnit(item.label[language], attribute.unit);

/** A value as it reads; `yesNo` words booleans. Unknown codes are shown as they are. */
export function attributeText(
  attribute: Attribute | undefined,
  value: AttributeValue,
  language: Language,
  yesNo: (yes: boolean) => string,
): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'boolean') return yesNo(value);
  if (!attribute) return String(value);
  if (attribute.type === 'boolean') return yesNo(value === 'true' || value === 1);
  const item = attribute.items.find((i) => i.code === String(value));
  return item ? itemText(attribute, item, language) : withUnit(String(value), attribute.unit);
}

/**
 * Every active item of an attribute as a filter choice, in the order the form offers them (capacities by
 * volume, pack sizes by number); a filter offers the items of every family at once, hence no rules.
 */
export function attributeChoices(attribute: Attribute | undefined, language: Language) {
  if (!attribute) return [];
  const unconditional = { ...attribute, items: attribute.items.map((i) => ({ ...i, rules: {} })) };
  return offeredItems(unconditional, {}).map((i) => ({ value: i.code, text: itemText(attribute, i, language) }));
}

/** The vintage filter: the current year and the ten before it (spec 3 §2). */
export const vintageChoices = (currentYear: number) =>
  Array.from({ length: 11 }, (_, i) => String(currentYear - i)).map((year) => ({ value: year, text: year }));
