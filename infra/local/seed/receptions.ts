import type { callerFor } from '@cellar/functions/caller/principal';
import type { ContactItem } from '@cellar/functions/contacts/repository';
import { type CompanyItem, references } from '@cellar/functions/data/reference';
import { findReception } from '@cellar/functions/receptions/repository';
import { createReception } from '@cellar/functions/receptions/service';
import { receptionMessage } from '@cellar/functions/receptions/warehouse-messages';
import { todayIn } from '@cellar/shared/common/dates';
import { receptionReports } from '../warehouse-script';
import type { Catalogue } from './catalogue';
import type { Rng } from './people';
import { type Later, now, report, script } from './warehouse';

/** How many of the warehouse's reports bring a reception sent to each status (arrived, received). */
const RECEPTION_REPORTS: Record<string, number> = { '000': 0, '001': 0, '100': 1, '200': 2 };

/**
 * Receptions in every status, sent through the API's own service (the superadmin's, naming the owner) and then
 * arrived and counted by the warehouse's reports, as the simulated warehouse plays them, so that their effects on
 * stock (on arriving, in progress, quantity), their input movements and their timelines are the real ones.
 */
export async function seedReceptions(
  rng: Rng,
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>,
  owner: CompanyItem,
  catalogue: Catalogue,
  suppliers: ContactItem[],
): Promise<number> {
  const targets = ['000', '000', '001', '001', '001', '100', '100', '200', '200', '200'] as const;
  for (const [n, target] of targets.entries()) {
    // The last closed reception had a bottle broken on arrival.
    const unlucky = target === '200' && n === targets.length - 1 ? 1 : 0;
    const reference = `REC-${owner.code}-${String(n + 1).padStart(3, '0')}`;
    await placeReception({ rng, caller, owner, catalogue, suppliers }, target, reference, unlucky);
  }
  return targets.length;
}

/** What placing the owner's receptions needs. */
export interface ReceptionDesk {
  rng: Rng;
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>;
  owner: CompanyItem;
  catalogue: Catalogue;
  suppliers: ContactItem[];
}

/**
 * Announces one reception through the API's service at the clock's instant, expected within a month, and brings
 * it to `target` by the warehouse's reports (`reports`: at once unless told, as for orders).
 */
export async function placeReception(
  { rng, caller, owner, catalogue, suppliers }: ReceptionDesk,
  target: string,
  reference: string,
  unlucky: number,
  reports: Later = now,
): Promise<void> {
  const visible = catalogue.products.filter((p) => !p.hidden);
  const segment = owner.isPooledActivity ? null : 'B2B';
  const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const warehouseId = rng.pick(owner.warehouseIds);
  const lines = Array.from({ length: rng.int(1, 4) }, () => {
    const p = rng.pick(visible);
    const existing = catalogue.stocks.find(
      (s) => s.productId === p.id && s.warehouseId === warehouseId && s.segment === segment,
    );
    return existing && rng.next() < 0.5
      ? { productId: p.id, stockId: existing.id, quality: 'STD' as const, expected: rng.pick([6, 12, 24, 60, 120]) }
      : {
          productId: p.id,
          quality: 'STD' as const,
          batch: p.hasBatch ? `L26${String(rng.int(1, 999)).padStart(3, '0')}` : null,
          ubd: p.hasUbd ? day(rng.int(200, 700)) : null,
          expected: rng.pick([6, 12, 24, 60, 120]),
        };
  });
  const created = await createReception(caller, {
    ownerId: owner.id,
    segment,
    warehouseId,
    reference,
    expectedAt: day(rng.int(1, 30)),
    supplierId: rng.pick(suppliers).id,
    statusCode: target === '000' ? '000' : '001',
    stocks: lines,
  });
  const sent = RECEPTION_REPORTS[target] ? await findReception(created.id) : undefined;
  const notice = sent && receptionMessage(sent, 'reception.announced', await references());
  if (notice?.type === 'reception.announced') {
    await reports.within(() =>
      report(receptionReports(notice, script(unlucky, 0, reports.stepMs)), RECEPTION_REPORTS[target] ?? 0),
    );
  }
}
