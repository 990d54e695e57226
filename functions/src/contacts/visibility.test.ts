import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { ContactType } from '@cellar/shared/contacts/schemas';
import { describe, expect, it } from 'vitest';
import { type ContactViewer, seesContact, visibleSegments } from './visibility';

const viewer = (segments: SegmentCode[], isSuperadmin = false): ContactViewer => ({
  isSuperadmin,
  tenantId: 'C1',
  company: { segments },
});
const b2bOnly = viewer(['B2B']);
const both = viewer(['B2B', 'B2C']);
const superadmin = viewer([], true);
const contact = (type: ContactType, ownerId: string | null, segment: SegmentCode | null) => ({
  type,
  ownerId,
  segment,
});

describe('Function: visibleSegments', () => {
  it.each([
    ['a B2B-only company, its recipients', b2bOnly, 'recipient', ['B2B', null]],
    ['a B2B-only company, the carriers', b2bOnly, 'carrier', ['B2B', null]],
    ['a B2C-only company, its recipients', viewer(['B2C']), 'recipient', ['B2C', null]],
    ['a company without segments, its recipients', viewer([]), 'recipient', [null]],
    ['a B2B-only company, its suppliers', b2bOnly, 'supplier', null],
    ['a company of both segments', both, 'recipient', null],
    ['the superadmin', superadmin, 'carrier', null],
  ] as const)('%s → %j', (_, who, type, expected) => {
    // Act
    const segments = visibleSegments(who, type);
    // Assess
    expect(segments).toEqual(expected);
  });
});

describe('Function: seesContact', () => {
  it.each([
    ['its own recipient of its segment', b2bOnly, contact('recipient', 'C1', 'B2B'), true],
    ['its own recipient of no segment', b2bOnly, contact('recipient', 'C1', null), true],
    ['its own recipient of a segment not granted', b2bOnly, contact('recipient', 'C1', 'B2C'), false],
    ['another owner’s recipient of its segment', b2bOnly, contact('recipient', 'C2', 'B2B'), false],
    ['another owner’s supplier', both, contact('supplier', 'C2', null), false],
    ['its own supplier (no segment rule)', b2bOnly, contact('supplier', 'C1', 'B2C'), true],
    ['a provider carrier of its segment', b2bOnly, contact('carrier', null, 'B2B'), true],
    ['a provider carrier of no segment', b2bOnly, contact('carrier', null, null), true],
    ['a provider carrier of a segment not granted', b2bOnly, contact('carrier', null, 'B2C'), false],
    ['a carrier of any segment, for a company of both', both, contact('carrier', null, 'B2C'), true],
    ['the superadmin, another owner’s recipient of any segment', superadmin, contact('recipient', 'C2', 'B2C'), true],
  ] as const)('a viewer sees %s → %s', (_, who, c, expected) => {
    // Act
    const seen = seesContact(who, c);
    // Assess
    expect(seen).toBe(expected);
  });
});
