/**
 * The dynamic attribute rules of products (spec 3 §4 product create flow, §5 product), used by the product
 * form step by step and by the API on every write:
 * - an attribute is active when its rules match the values already given (the family included);
 * - a field appears only when every earlier required active attribute has a value;
 * - changing a value removes the values of attributes that stop being active;
 * - required, regex ('The format is incorrect.') and degree checks, select values within the offered items.
 */

import { isDegree, isEmpty } from '../validation/validators';
import type { Attribute, AttributeItem } from './schemas';

export type AttributeValue = string | number | boolean | null | undefined;
export type AttributeValues = Record<string, AttributeValue>;

export const DEGREE_UNIT = '% vol';
/** Message keys (spec 3 §5 words them 'Field is required.', 'The format is incorrect.', 'The form is incorrect'). */
export const ATTRIBUTE_MESSAGES = {
  required: 'validation.attribute_required',
  format: 'validation.format',
  invalidForm: 'validation.product_form',
} as const;

const matches = (rules: Record<string, string[]>, values: AttributeValues) =>
  Object.entries(rules).every(([id, allowed]) => allowed.includes(String(values[id] ?? '')));

export const isActive = (a: Attribute, values: AttributeValues) => matches(a.rules, values);

/** The items a select offers now: active ones whose rules match, sorted as the spec says. */
export function offeredItems(a: Attribute, values: AttributeValues): AttributeItem[] {
  const items = a.items.filter((i) => i.active && matches(i.rules, values));
  if (a.unit === 'cl') return [...items].sort((x, y) => Number(x.label.fr) - Number(y.label.fr));
  if (a.id.includes('pcb')) return [...items].sort((x, y) => Number(x.code) - Number(y.code));
  return items;
}

const ordered = (attributes: readonly Attribute[]) => [...attributes].sort((a, b) => a.position - b.position);

/** The fields shown: active ones, up to and including the first required active one still empty. */
export function visibleAttributes(attributes: readonly Attribute[], values: AttributeValues): Attribute[] {
  const out: Attribute[] = [];
  for (const a of ordered(attributes)) {
    if (!isActive(a, values)) continue;
    out.push(a);
    if (a.required && isEmpty(values[a.id])) break;
  }
  return out;
}

/** Whether every required active attribute has a value, i.e. the attributes stage is complete. */
export const attributesComplete = (attributes: readonly Attribute[], values: AttributeValues) =>
  ordered(attributes).every((a) => !isActive(a, values) || !a.required || !isEmpty(values[a.id]));

/** Keeps only the values of attributes (and select choices) still active. */
export function pruneInactive(attributes: readonly Attribute[], values: AttributeValues): AttributeValues {
  let current = { ...values };
  // Removing one value can deactivate another: repeat until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const a of attributes) {
      const v = current[a.id];
      if (isEmpty(v)) continue;
      const stale =
        !isActive(a, current) || (a.isSelect && !offeredItems(a, current).some((i) => i.code === String(v)));
      if (stale) {
        const { [a.id]: _, ...rest } = current;
        current = rest;
        changed = true;
      }
    }
  }
  return current;
}

/** Field → message for every invalid active attribute; empty when valid. */
export function validateAttributes(attributes: readonly Attribute[], values: AttributeValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const a of attributes) {
    if (!isActive(a, values)) continue;
    const v = values[a.id];
    if (isEmpty(v)) {
      if (a.required) errors[a.id] = ATTRIBUTE_MESSAGES.required;
      continue;
    }
    const text = String(v);
    if (a.type === 'boolean' && typeof v !== 'boolean') errors[a.id] = ATTRIBUTE_MESSAGES.format;
    else if (a.isSelect && !offeredItems(a, values).some((i) => i.code === text))
      errors[a.id] = ATTRIBUTE_MESSAGES.format;
    else if (a.regex && !new RegExp(a.regex).test(text)) errors[a.id] = ATTRIBUTE_MESSAGES.format;
    else if (a.unit === DEGREE_UNIT && !isDegree(text)) errors[a.id] = ATTRIBUTE_MESSAGES.format;
  }
  return errors;
}
