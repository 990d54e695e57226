/**
 * Which contacts a caller sees (spec 3 §7): the superadmin every contact; others their company's suppliers and
 * recipients and the provider's carriers (no owner), and, when their company serves only some segments, the
 * recipients and carriers of those segments or of none. Suppliers have no segment rule.
 */
import { hasScope } from '@cellar/shared/access/roles';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { CONTACT_SCOPE, type ContactType } from '@cellar/shared/contacts/schemas';
import { seesOwner, segmentsSeen, type Viewer } from '../caller/visibility';
import type { CompanyItem } from '../data/reference';
import { ForbiddenError } from '../errors';
import type { ContactItem } from './repository';

export type ContactViewer = Viewer & { company: Pick<CompanyItem, 'segments'> };

/** Segments a viewer may see for a type: null means every segment. */
export const visibleSegments = (viewer: ContactViewer, type: ContactType): (SegmentCode | null)[] | null =>
  type === 'supplier' ? null : segmentsSeen(viewer);

/** Whether a stored contact exists for the viewer at all. */
export function seesContact(viewer: ContactViewer, c: Pick<ContactItem, 'ownerId' | 'type' | 'segment'>): boolean {
  if (c.ownerId !== null && !seesOwner(viewer, c.ownerId)) return false;
  const segments = visibleSegments(viewer, c.type);
  return !segments || segments.includes(c.segment);
}

/** A contact type is the caller's to read or write only with its module scope (CONTACT_SCOPE). */
export function requireTypeScope(caller: { scope: readonly string[] }, type: ContactType) {
  if (!hasScope(caller.scope, CONTACT_SCOPE[type])) throw new ForbiddenError();
}
