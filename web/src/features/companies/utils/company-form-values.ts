/** The company form's values and the body of POST and PUT /api/companies built from them. */
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { type Company, type CompanyInput, companyInputSchema } from '@cellar/shared/companies/schemas';
import { emptyAddress } from '../../../components/forms/address-values';

export type CompanyFormValues = Omit<CompanyInput, 'scope' | 'segments' | 'carrierIds'> & {
  segments: SegmentCode[];
  scope: string[];
  carrierIds: string[];
};

/**
 * The form's rules are the API's: the shared input schema, address block rules included (street, postcode, city and
 * country required; company name in company mode; SIRET; excise per country).
 */
export const companyFormSchema = companyInputSchema;

export const newCompanyValues = (): CompanyFormValues => ({
  code: '',
  name: '',
  address: emptyAddress(true),
  warehouseIds: [],
  segments: [],
  isPooledActivity: false,
  isTopAgent: false,
  isCertifiedOrganic: false,
  scope: [],
  active: true,
  carrierIds: [],
});

export const companyValuesOf = (c: Company): CompanyFormValues => ({
  code: c.code,
  name: c.name,
  address: { ...emptyAddress(), ...c.address },
  warehouseIds: c.warehouseIds,
  segments: c.segments.map((s) => s.code),
  isPooledActivity: c.isPooledActivity,
  isTopAgent: c.isTopAgent,
  isCertifiedOrganic: c.isCertifiedOrganic,
  scope: c.scope,
  active: c.active,
  carrierIds: c.permissions?.contacts ?? [],
});

/** The code is typed in upper case; the address's company name is the company's unless given. */
export const toCompanyBody = (v: CompanyFormValues): CompanyInput =>
  ({
    ...v,
    code: v.code.trim().toUpperCase(),
    address: { ...v.address, company: v.address.company || v.name },
  }) as CompanyInput;
