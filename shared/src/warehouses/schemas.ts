/** Warehouses of the provider (spec 1). */
import * as z from 'zod';

export const warehouseSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

export type Warehouse = z.infer<typeof warehouseSchema>;
