/** Warehouses (spec 1). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute } from '../api/route';
import { warehouseSchema } from './schemas';

export const warehouseRoutes = {
  warehouseList: defineRoute({
    method: 'GET',
    path: '/api/warehouses',
    resource: 'warehouses',
    access: ACCESS.reader,
    response: z.array(warehouseSchema),
  }),
} as const;
