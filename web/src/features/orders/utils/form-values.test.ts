import type { OrderLine } from '@cellar/shared/orders/schemas';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../testing/order-pages.testing';
import { formValuesOf } from './form-values';

const lineIn = (warehouseId: string, stockId: string): OrderLine => ({
  id: stockId,
  position: 1,
  stockId,
  product: { id: 'p1', code: 'CHB001', label: 'Château B', pcb: 6 },
  warehouse: { id: warehouseId, code: warehouseId, name: warehouseId },
  quality: 'STD',
  batch: null,
  ubd: null,
  bbd: null,
  ordered: 6,
  prepared: null,
  uniqueKey: `CHB001|${stockId}`,
});

describe('Function: formValuesOf', () => {
  it('keeps the departure warehouse chosen for lines in several warehouses, not the one lines in one took', () => {
    // Prepare
    const single = anOrder({ statusCode: '000', warehouseId: 'W1', stocks: [lineIn('W1', 's1')] });
    const spread = anOrder({ statusCode: '000', warehouseId: 'W2', stocks: [lineIn('W1', 's1'), lineIn('W2', 's2')] });
    // Act / Assess
    expect(formValuesOf(single, null).warehouseId).toBeNull();
    expect(formValuesOf(spread, null).warehouseId).toBe('W2');
  });
});
