/**
 * The product form's stepped reveal (spec 3 §4 product create flow), over the shared attribute rules:
 *   step 0  family and sub-family
 *   step 1  the attributes, revealed one by one (visibleAttributes), until 'continue'
 *   step 2  switches, EAN codes, comment and submit; straight there without attributes, and when editing
 * Every change of a value goes through changeAttribute: capacity sets the default weight, and values that stop
 * being active are dropped (pruneInactive).
 */
import {
  type AttributeValue,
  type AttributeValues,
  attributesComplete,
  pruneInactive,
  validateAttributes,
} from '@cellar/shared/referential/attributes';
import { capacityOf, findSubFamily } from '@cellar/shared/referential/data';
import type { Attribute } from '@cellar/shared/referential/schemas';
import { weightForCapacity } from '@cellar/shared/validation/validators';

export type WizardStep = 0 | 1 | 2;

export interface WizardState {
  editing: boolean;
  /** The chosen sub-family. */
  familyId: string | null;
  /** Its attributes; undefined while they load. */
  attributes: readonly Attribute[] | undefined;
  /** Whether the user went on past the attributes. */
  continued: boolean;
}

export function wizardStep({ editing, familyId, attributes, continued }: WizardState): WizardStep {
  if (editing) return 2;
  if (!familyId) return 0;
  if (attributes?.length === 0) return 2;
  return continued ? 2 : 1;
}

/** 'continue' goes on once every required active attribute has a valid value. */
export const canContinue = (attributes: readonly Attribute[], values: AttributeValues): boolean =>
  attributesComplete(attributes, values) && Object.keys(validateAttributes(attributes, values)).length === 0;

const CAPACITY = 'capacity';
const WEIGHT = 'weight';

/** One attribute's new value, with what follows from it. */
export function changeAttribute(
  attributes: readonly Attribute[],
  values: AttributeValues,
  id: string,
  value: AttributeValue,
): AttributeValues {
  // The value already chosen, chosen again: nothing changes (a weight typed after the capacity stays).
  if (values[id] === value) return values;
  const next: AttributeValues = { ...values, [id]: value };
  if (id === CAPACITY && attributes.some((a) => a.id === WEIGHT)) {
    const weight = weightForCapacity(capacityOf(String(value ?? '')) ?? Number.NaN);
    if (weight !== undefined) next[WEIGHT] = String(weight);
  }
  return pruneInactive(attributes, next);
}

/**
 * The values a newly chosen sub-family starts with: those already given that it also has, overridden by its
 * defaults (a red wine is VT and RG), without those that stop being active.
 */
export function startValues(
  attributes: readonly Attribute[],
  subFamilyId: string,
  previous: AttributeValues,
): AttributeValues {
  const kept = Object.fromEntries(Object.entries(previous).filter(([id]) => attributes.some((a) => a.id === id)));
  return pruneInactive(attributes, { ...kept, ...(findSubFamily(subFamilyId)?.defaults ?? {}) });
}
