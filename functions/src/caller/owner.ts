/**
 * Whose a new record is: the caller's own company; the provider's staff, who belong to none of the clients, name the
 * client (an unknown or missing one is a 422 on that field).
 */
import { MESSAGES } from '@cellar/shared/validation/validators';
import { type CompanyItem, companies } from '../data/reference';
import { InvalidError } from '../errors';
import type { Caller } from './principal';

export async function ownerCompany(
  caller: Caller,
  companyId: string | undefined,
  field = 'companyId',
): Promise<CompanyItem> {
  if (!caller.isSuperadmin) return caller.company;
  const company = companyId ? (await companies.get()).get(companyId) : undefined;
  if (!company) throw new InvalidError({ [field]: [companyId ? MESSAGES.invalid : MESSAGES.required] });
  return company;
}
