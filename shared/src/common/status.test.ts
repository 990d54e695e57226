import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, orderRules } from '../orders/status';
import { RECEPTION_STATUS, receptionRules } from '../receptions/status';
import { SHIPPING_ORDER_STATUS } from '../shippingOrders/status';

const user = { role: 10 as const, scope: ['*'] };
const superadmin = { role: 100 as const, scope: ['*'] };

describe('Reception statuses', () => {
  it('names the four codes', () => expect(RECEPTION_STATUS.codes).toEqual(['000', '001', '100', '200']));
  it.each([
    ['000', true, true, false],
    ['001', true, false, true],
    ['100', false, false, true],
    ['200', false, false, true],
  ])('%s: modifiable %s, deletable %s, viewable %s', (code, m, d, v) => {
    expect(receptionRules.isModifiable(code)).toBe(m);
    expect(receptionRules.isDeletable(code, user)).toBe(d);
    expect(receptionRules.isDeletable(code, superadmin)).toBe(true);
    expect(receptionRules.isViewable(code)).toBe(v);
  });
});

describe('Order statuses', () => {
  it('maps 020 and 030 to in progress', () => {
    expect(ORDER_STATUS.byCode('020')?.name).toBe('inProgress');
    expect(ORDER_STATUS.byCode('030')?.name).toBe('inProgress');
    expect(ORDER_STATUS.code('validated')).toBe('040');
  });
  it.each([
    ['000', true, true, false, false],
    ['005', false, false, true, false],
    ['010', true, false, true, true],
    ['020', false, false, true, true],
    ['030', false, false, true, true],
    ['040', false, false, true, true],
    ['050', false, false, true, false],
    ['070', false, false, true, true],
  ])('%s: modifiable %s, deletable %s, viewable %s, pdf %s', (code, m, d, v, pdf) => {
    expect(orderRules.isModifiable(code)).toBe(m);
    expect(orderRules.isDeletable(code, user)).toBe(d);
    expect(orderRules.isDeletable(code, superadmin)).toBe(true);
    expect(orderRules.isViewable(code)).toBe(v);
    expect(orderRules.isPdfAvailable(code)).toBe(pdf);
  });
  it('hides save-as-draft at 010 and shows packings once sent', () => {
    expect(orderRules.canSaveAsDraft('010')).toBe(false);
    expect(orderRules.canSaveAsDraft('000')).toBe(true);
    expect(orderRules.showsPacking('070')).toBe(true);
    expect(orderRules.showsPacking('040')).toBe(false);
  });
});

describe('Shipping order statuses', () => {
  it('starts as created', () => {
    expect(SHIPPING_ORDER_STATUS.codes).toEqual(['000', '001', '100', '200']);
    expect(SHIPPING_ORDER_STATUS.byCode('100')?.name).toBe('planified');
  });
});
