import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/validators';
import {
  dateTimeIssue,
  joinDateTime,
  shippingOrderCreateSchema,
  shippingOrderIssues,
  shippingWeight,
  timeslotIssues,
} from './schemas';

const slots = (start: string, end: string) => timeslotIssues([{ start, end }], ['s']).map((i) => [i.path, i.key]);

describe('Method: timeslotIssues', () => {
  it.each([
    ['08:00', '16:00', []],
    ['08:00', '08:30', []],
    ['07:30', '09:00', [[['s', 0, 'start'], MESSAGES.timeRange]]],
    ['15:30', '16:30', [[['s', 0, 'end'], MESSAGES.timeRange]]],
    ['08:10', '09:00', [[['s', 0, 'start'], MESSAGES.timeStep]]],
    ['09:00', '09:00', [[['s', 0, 'end'], MESSAGES.timeOrder]]],
    ['10:00', '09:30', [[['s', 0, 'end'], MESSAGES.timeOrder]]],
    ['24:00', '09:30', [[['s', 0, 'start'], MESSAGES.invalid]]],
  ])('%s–%s', (start, end, expected) => {
    expect(slots(start, end)).toEqual(expected);
  });
});

describe('Method: joinDateTime and dateTimeIssue', () => {
  it.each([
    [null, null, null, undefined],
    ['2026-11-23', '09:15', '2026-11-23T09:15', undefined],
    ['2026-11-23', '', '2026-11-23T', MESSAGES.dateTimeTogether],
    ['', '09:15', 'T09:15', MESSAGES.dateTimeTogether],
    [null, '09:15', 'T09:15', MESSAGES.dateTimeTogether],
  ])('%s + %s', (date, time, joined, issue) => {
    expect(joinDateTime(date, time)).toBe(joined);
    expect(dateTimeIssue(joined)).toBe(issue);
  });
  it('refuses what is not a moment', () => {
    expect(dateTimeIssue('2026-11-23T25:00')).toBe(MESSAGES.invalid);
    expect(dateTimeIssue('2026-11-23')).toBe(MESSAGES.dateTimeTogether);
  });
});

describe('Method: shippingOrderIssues', () => {
  // 23:30 UTC on 22 November is already 23 November in Paris.
  const now = new Date('2026-11-22T23:30:00Z');
  const order = (patch: Record<string, unknown> = {}) => ({
    segment: 'B2B' as const,
    pickupDate: '2026-11-23',
    deliveryDate: '2026-11-23',
    pickupAddress: { timeslots: [] },
    deliveryAddress: { timeslots: [] },
    ...patch,
  });
  it('counts today in Europe/Paris', () => {
    expect(shippingOrderIssues(order(), { segments: ['B2B'], now })).toEqual([]);
    const past = shippingOrderIssues(order({ pickupDate: '2026-11-22', deliveryDate: '2026-11-22' }), {
      segments: ['B2B'],
      now,
    });
    expect(past.map((i) => i.path[0])).toEqual(['pickupDate', 'deliveryDate']);
  });
  it('holds only changed dates to today', () => {
    const previous = { pickupDate: '2026-01-01', deliveryDate: '2026-01-02' };
    const kept = order({ pickupDate: '2026-01-01', deliveryDate: '2026-01-02' });
    expect(shippingOrderIssues(kept, { segments: ['B2B'], now, previous })).toEqual([]);
  });
  it('wants a segment of the owner', () => {
    expect(shippingOrderIssues(order({ segment: 'B2C' }), { segments: ['B2B'], now })[0]?.path).toEqual(['segment']);
  });
});

describe('Method: shippingOrderCreateSchema', () => {
  it('names missing counts as required and wrong ones as such', () => {
    const out = shippingOrderCreateSchema.safeParse({ palletCount: 0, parcelCount: 1.5 });
    const keys = Object.fromEntries((out.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(keys).toMatchObject({
      palletCount: MESSAGES.greaterThan,
      parcelCount: MESSAGES.integer,
      unitCount: MESSAGES.required,
      segment: MESSAGES.required,
    });
  });
  it('refuses a count the warehouse message could not carry, with the bounds, up to numbers near 2^53', () => {
    for (const n of [1_000_001, 2 ** 53 - 1, 2 ** 53 + 2, 1e300]) {
      const out = shippingOrderCreateSchema.safeParse({ palletCount: n, parcelCount: n, unitCount: n });
      const refused = (out.error?.issues ?? []).filter((i) => i.code === 'custom' || i.code === 'too_big');
      expect(refused.map((i) => i.path.join('.')).sort(), String(n)).toEqual(
        expect.arrayContaining(['palletCount', 'parcelCount', 'unitCount']),
      );
    }
    const over = shippingOrderCreateSchema.safeParse({ palletCount: 1_000_001 });
    const issue = over.error?.issues.find((i) => i.path[0] === 'palletCount') as { message: string; params?: object };
    expect(issue).toMatchObject({ message: MESSAGES.between, params: { min: 1, max: 1_000_000 } });
    const within = shippingOrderCreateSchema.safeParse({ palletCount: 1_000_000 });
    expect(within.error?.issues.some((i) => i.path[0] === 'palletCount')).toBe(false);
  });
});

it('weighs 1.3 × the unit count', () => {
  expect(shippingWeight(7)).toBe(9.1);
  expect(shippingWeight(1)).toBe(1.3);
});
