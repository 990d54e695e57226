/**
 * What a timeline event's details say, read defensively: the details are a loose record (shared/timeline), written
 * by the API for a person's act and by the warehouse's reports, so each field is taken only when it has the
 * expected shape, and the rest is left out rather than shown wrong.
 */
import type { Tracking } from '@cellar/shared/orders/schemas';
import type { TimelineEvent } from '@cellar/shared/timeline/schemas';
import { trackingOf } from '../documents/tracking-links';

/** A line the warehouse prepared (or shipped) short of what was ordered. */
export interface ShortLine {
  productCode: string;
  batch: string | null;
  ordered: number;
  prepared: number;
}

/** A line of a count that differs from the notice (expected 0: a lot found that was not announced). */
export interface DifferenceLine {
  productCode: string;
  quality: string;
  batch: string | null;
  expected: number;
  received: number;
}

export interface EventDetails {
  /** Set by the provider's staff in the warehouse's stead. */
  override: boolean;
  /** A warehouse report received after a later one: it changed nothing. */
  late: boolean;
  reason: string | null;
  preparationDate: string | null;
  appointmentDate: string | null;
  /** Present on prepared and shipped reports (empty: all prepared). */
  short: ShortLine[] | null;
  trackingNumbers: Tracking[];
  carrierCode: string | null;
  exitPoint: string | null;
  packings: number | null;
  exciseDocument: string | null;
  /** Present on a count (empty: as announced). */
  differences: DifferenceLine[] | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function shortLines(v: unknown): ShortLine[] | null {
  if (!Array.isArray(v)) return null;
  return v.flatMap((item) => {
    const r = record(item);
    const productCode = text(r?.productCode);
    const ordered = count(r?.ordered);
    const prepared = count(r?.prepared);
    if (!productCode || ordered === null || prepared === null) return [];
    return [{ productCode, batch: text(r?.batch), ordered, prepared }];
  });
}

function differenceLines(v: unknown): DifferenceLine[] | null {
  if (!Array.isArray(v)) return null;
  return v.flatMap((item) => {
    const r = record(item);
    const productCode = text(r?.productCode);
    const expected = count(r?.expected);
    const received = count(r?.received);
    if (!productCode || expected === null || received === null) return [];
    return [{ productCode, quality: text(r?.quality) ?? '', batch: text(r?.batch), expected, received }];
  });
}

/** The details of an event, as the timeline shows them. */
export function eventDetails(event: Pick<TimelineEvent, 'details'>): EventDetails {
  const d = event.details ?? {};
  return {
    override: d.override === true,
    late: d.late === true,
    reason: text(d.reason),
    preparationDate: text(d.preparationDate),
    appointmentDate: text(d.appointmentDate),
    short: shortLines(d.short),
    trackingNumbers: trackingOf(d.trackingNumbers),
    carrierCode: text(d.carrierCode),
    exitPoint: text(d.exitPoint),
    packings: count(d.packings),
    exciseDocument: text(d.exciseDocument),
    differences: differenceLines(d.differences),
  };
}
