/** The product referential: families and attributes (spec 3). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../api/route';
import { PRODUCT_READERS } from '../products/routes';
import { attributeSchema, productFamilySchema } from './schemas';

export const referentialRoutes = {
  productFamilies: defineRoute({
    method: 'GET',
    path: '/api/product-families',
    resource: 'catalogue',
    access: ACCESS.reader,
    scopes: PRODUCT_READERS,
    list: { filters: ['owner_id'], sorts: ['name'], includes: ['families'] },
    response: z.array(productFamilySchema),
  }),
  familyAttributes: defineRoute({
    method: 'GET',
    path: '/api/product-families/{id}/attributes',
    resource: 'catalogue',
    access: ACCESS.reader,
    scopes: PRODUCT_READERS,
    params: idParams,
    response: z.array(attributeSchema),
  }),
  attributeGroups: defineRoute({
    method: 'GET',
    path: '/api/attribute-groups',
    resource: 'catalogue',
    access: ACCESS.reader,
    response: z.record(z.string(), z.record(z.string(), attributeSchema)),
  }),
  attributeGet: defineRoute({
    method: 'GET',
    path: '/api/attribute-groups/{groupId}/attributes/{attributeId}',
    resource: 'catalogue',
    access: ACCESS.reader,
    params: z.object({ groupId: z.string().min(1).max(64), attributeId: z.string().min(1).max(64) }),
    response: attributeSchema,
  }),
} as const;
