/** Test support for the reception pages: a reception and its lines as the API answers them, and a page shown. */
import type { RoleSlug } from '@cellar/shared/access/roles';
import type { Reception, ReceptionLine } from '@cellar/shared/receptions/schemas';
import type { ReactNode } from 'react';
import { answer, showPage, stubApi } from '../../../testing/pages';
import { receptionQueryOptions } from '../api/get-reception';

export const aLine = (l: Partial<ReceptionLine> & Pick<ReceptionLine, 'id' | 'position'>): ReceptionLine => ({
  stockId: `s${l.id}`,
  product: { id: 'p1', code: 'CHB001', label: 'Chablis 2022', hasBatch: true, hasBbd: false, hasUbd: false },
  quality: 'STD',
  batch: 'L26',
  ubd: null,
  bbd: null,
  expected: 12,
  received: null,
  note: null,
  ...l,
});

export const aReception = (r: Partial<Reception> = {}): Reception => ({
  id: 'r1',
  reference: 'REC-001',
  expectedAt: '2026-06-10',
  statusCode: '001',
  ownerId: 'c1',
  segment: 'B2B',
  warehouseId: 'w1',
  warehouse: { id: 'w1', code: 'BDX', name: 'Bordeaux' },
  supplierId: null,
  supplier: null,
  stocks: [aLine({ id: '1', position: 1 })],
  lineCount: 1,
  expectedQuantity: 12,
  receivedQuantity: 0,
  arrivedAt: null,
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-01T08:00:00.000Z',
  ...r,
});

/** The API as a reception page sees it: GET answers `reception` (the timeline nothing), a write `after`. */
export const stubReceptionApi = (reception: Reception, after: unknown = reception) =>
  stubApi((method, url) => answer(200, url.includes('/timeline') ? [] : method === 'GET' ? reception : after));

/** Renders a reception page for a user of `role`, `reception` already read. */
export const showReceptionPage = (page: ReactNode, { role, reception }: { role: RoleSlug; reception: Reception }) =>
  showPage(page, {
    role,
    path: `/reception/detail/${reception.id}`,
    pattern: '/reception/detail/:receptionId',
    data: [[receptionQueryOptions(reception.id).queryKey, reception]],
  });
