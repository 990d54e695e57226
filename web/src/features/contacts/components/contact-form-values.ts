/** The contact form's values and the bodies of POST and PUT /api/contacts built from them. */
import type { Address } from '@cellar/shared/common/address';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import {
  type Contact,
  type ContactCreate,
  type ContactType,
  type ContactUpdate,
  contactRequiredFor,
  contactTypeRules,
} from '@cellar/shared/contacts/schemas';
import { emptyAddress } from '../../../components/forms/address-values';

export interface ServiceRow {
  code: string;
  name: string;
  isPickupPoint: boolean;
}

export interface ContactFormValues {
  type: ContactType;
  code: string;
  ownerId: string | null;
  warehouseId: string | null;
  segment: SegmentCode | null;
  address: Address;
  comment: string;
  services: ServiceRow[];
}

export const emptyService = (): ServiceRow => ({ code: '', name: '', isPickupPoint: false });

export function newContactValues(
  type: ContactType,
  defaults: { warehouseId?: string | null; segment?: SegmentCode | null } = {},
): ContactFormValues {
  const segment = defaults.segment ?? null;
  return {
    type,
    code: '',
    ownerId: null,
    warehouseId: defaults.warehouseId ?? null,
    segment,
    address: emptyAddress(!contactRequiredFor(segment)),
    comment: '',
    services: [],
  };
}

export const contactValuesOf = (c: Contact): ContactFormValues => ({
  type: c.type,
  code: c.code,
  ownerId: c.ownerId,
  warehouseId: c.warehouseId,
  segment: c.segment,
  address: { ...emptyAddress(), ...c.address },
  comment: c.comment ?? '',
  services: c.services.map(({ code, name, isPickupPoint }) => ({ code, name, isPickupPoint })),
});

/** Only the parts the type has; the owner only when the caller may choose it (a superadmin). */
export function toCreateBody(v: ContactFormValues, withOwner: boolean): ContactCreate {
  return { type: v.type, code: v.code, ...(withOwner && v.ownerId ? { ownerId: v.ownerId } : {}), ...toUpdateBody(v) };
}

export function toUpdateBody(v: ContactFormValues): ContactUpdate {
  const rules = contactTypeRules(v.type);
  return {
    warehouseId: rules.hasWarehouse ? v.warehouseId : null,
    segment: rules.hasSegment ? v.segment : null,
    address: rules.hasExcise ? v.address : { ...v.address, exciseNumber: '', exciseWarehouseNumber: '' },
    comment: rules.hasComment ? v.comment : '',
    services: rules.hasServices ? v.services : [],
  };
}
