/** Shapes every domain shares: segments, references, paging and the error body. */
import * as z from 'zod';
import { SEGMENT_CODES } from './segments';

export { SEGMENT_CODES, type SegmentCode } from './segments';

export const segmentCode = z.enum(SEGMENT_CODES, { error: 'validation.invalid' });

export const segmentSchema = z.object({ id: z.string(), code: segmentCode, name: z.string() });

export type Segment = z.infer<typeof segmentSchema>;

export const DEFAULT_COUNTRY = 'FR';

export const pageMetaSchema = z.object({
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /**
   * The list counted its rows only so far: there are at least `total`, maybe more. Said when counting every row of
   * a broad filter would cost more than the page itself.
   */
  has_more: z.boolean().optional(),
  /** Where this page ended in its order: sent back as `cursor` with the next page, it is read from there. */
  cursor: z.string().optional(),
});

export type PageMeta = z.infer<typeof pageMetaSchema>;

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });

export type Paged<T> = { data: T[]; meta: PageMeta };

/** Builds the meta block of a page: `from`/`to` are 1-based and null on an empty page. */
export function pageMeta(total: number, page: number, perPage: number, count: number, hasMore = false): PageMeta {
  const from = count ? (page - 1) * perPage + 1 : null;
  return {
    from,
    to: from === null ? null : from + count - 1,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    ...(hasMore ? { has_more: true } : {}),
  };
}

export const messageSchema = z.object({ message: z.string() });

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ref = z.object({ id: z.string(), code: z.string(), name: z.string() });

/**
 * An `Idempotency-Key` header a create accepts (IETF draft-ietf-httpapi-idempotency-key-header): 1 to 255 visible
 * ASCII characters, so that its claim's key stays small whatever a client sends. The service checks it with this
 * schema, which the route declares for the published document.
 */
export const idempotencyKey = z.string().regex(/^[\x21-\x7E]{1,255}$/);
export const isIdempotencyKey = (key: string) => idempotencyKey.safeParse(key).success;
