/**
 * The carrier-service matrix of B2C companies: one column group per carrier, one column per service, a row per
 * company. A cell is granted when the company's service permissions name `<carrierId>:<serviceCode>`.
 */
import { serviceTarget } from '@cellar/shared/companies/schemas';

interface CarrierLike {
  id: string;
  code: string;
  segment: string | null;
  address: { company?: string; name?: string };
  services: { code: string; name: string }[];
}

export interface MatrixService {
  code: string;
  name: string;
  target: string;
}

export interface MatrixCarrier {
  id: string;
  label: string;
  services: MatrixService[];
}

/** B2C carriers (or without segment) that have services, in code order. */
export function matrixCarriers(carriers: readonly CarrierLike[]): MatrixCarrier[] {
  return carriers
    .filter((c) => c.segment !== 'B2B' && c.services.length > 0)
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((c) => ({
      id: c.id,
      label: c.address.company || c.address.name || c.code,
      services: c.services.map((s) => ({ code: s.code, name: s.name, target: serviceTarget(c.id, s.code) })),
    }));
}

/** The targets a company holds, after a change of one of them. */
export function withPermission(granted: readonly string[], target: string, on: boolean): string[] {
  const rest = granted.filter((t) => t !== target);
  return on ? [...rest, target] : rest;
}
