/** Client accounts (companies) and their carrier permissions (spec 1 §3). */
import * as z from 'zod';
import { scopeGrant } from '../access/schemas';
import { addressFields, checkAddress } from '../common/address';
import { segmentCode, segmentSchema } from '../common/schemas';
import { serviceSchema } from '../contacts/schemas';
import { isCode, MESSAGES } from '../validation/validators';
import { id, requiredString } from '../validation/zod';
import { warehouseSchema } from '../warehouses/schemas';

export const companyRefSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: addressFields.optional(),
  segments: z.array(segmentSchema).optional(),
  warehouses: z.array(warehouseSchema).optional(),
  /** The carrier services it is permitted (a single user's `company.carriers`). */
  carriers: z
    .array(z.object({ carrierId: z.string(), service: serviceSchema, segment: segmentCode.nullable() }))
    .optional(),
  isPooledActivity: z.boolean().optional(),
  isTopAgent: z.boolean().optional(),
  isCertifiedOrganic: z.boolean().optional(),
});

export const companySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: addressFields,
  warehouseIds: z.array(z.string()),
  warehouses: z.array(warehouseSchema).optional(),
  segments: z.array(segmentSchema),
  carriers: z
    .array(z.object({ carrierId: z.string(), service: serviceSchema, segment: segmentCode.nullable() }))
    .optional(),
  permissions: z.object({ contacts: z.array(z.string()), services: z.array(z.string()) }).optional(),
  scope: z.array(z.string()),
  isPooledActivity: z.boolean(),
  isTopAgent: z.boolean(),
  isCertifiedOrganic: z.boolean(),
  active: z.boolean(),
});

export type Company = z.infer<typeof companySchema>;

export const companyInputSchema = z
  .object({
    code: requiredString(32).refine(isCode, { error: MESSAGES.code }),
    name: requiredString(100),
    address: addressFields,
    warehouseIds: z.array(id).min(1, { error: MESSAGES.required }),
    segments: z.array(segmentCode).min(1, { error: MESSAGES.required }),
    isPooledActivity: z.boolean().default(false),
    isTopAgent: z.boolean().default(false),
    isCertifiedOrganic: z.boolean().default(false),
    scope: z.array(scopeGrant).default([]),
    active: z.boolean().default(true),
    /** Carrier contacts the company may use (its `contacts` permissions); absent keeps them as they are. */
    carrierIds: z.array(id).max(200).optional(),
  })
  .superRefine((c, ctx) => checkAddress(c.address, ctx, ['address']));

export type CompanyInput = z.infer<typeof companyInputSchema>;

/** What a permission of a company names: a carrier contact, or one service of a carrier. */
export const PERMISSION_TYPES = ['contacts', 'services'] as const;

export const permissionType = z.enum(PERMISSION_TYPES);

/** A service permission's target: `<carrierId>:<serviceCode>`. */
export const serviceTarget = (carrierId: string, serviceCode: string) => `${carrierId}:${serviceCode}`;
