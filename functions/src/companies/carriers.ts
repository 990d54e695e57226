/** The carrier services a company is permitted: its `carriers` include, and a user's `company.carriers`. */
import { serviceTarget } from '@cellar/shared/companies/schemas';
import { providerCarriers } from '../contacts/repository';
import type { CompanyItem } from '../data/reference';

export async function carrierServicesOf(c: Pick<CompanyItem, 'permissions'>) {
  const allowed = new Set(c.permissions?.services ?? []);
  return (await providerCarriers()).flatMap((carrier) =>
    carrier.services
      .filter((s) => allowed.has(serviceTarget(carrier.id, s.code)))
      .map((service) => ({ carrierId: carrier.id, service, segment: carrier.segment })),
  );
}
