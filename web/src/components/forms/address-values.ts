import type { Address } from '@cellar/shared/common/address';
import { DEFAULT_COUNTRY } from '@cellar/shared/common/schemas';

/** The address block's values before anything is typed (company mode unless told otherwise). */
export const emptyAddress = (isCompany = true): Address => ({
  isCompany,
  company: '',
  name: '',
  siretNumber: '',
  street: '',
  details: '',
  postcode: '',
  city: '',
  country: DEFAULT_COUNTRY,
  email: '',
  phone: '',
  exciseNumber: '',
  exciseWarehouseNumber: '',
  pickupCode: '',
  timeslots: [],
  comment: '',
});
