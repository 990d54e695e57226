/**
 * Reads fanned out over what a request names (an order's lines, a list's ids, every company for the superadmin):
 * never more than `READ_FAN_OUT` at once, however many it names, so that one request cannot queue thousands of
 * DynamoDB calls ahead of everyone else's (in AWS: the function's sockets, its time and the table's burst).
 */
import pLimit from 'p-limit';

/** Reads in flight for one request's fan-out: enough to hide a read's latency, too few to crowd the table. */
export const READ_FAN_OUT = 16;

/** `Promise.all(items.map(read))`, at most `concurrency` reads at once; the answers in the items' order. */
export function mapBounded<T, R>(
  items: readonly T[],
  read: (item: T) => Promise<R>,
  concurrency = READ_FAN_OUT,
): Promise<R[]> {
  const limit = pLimit(concurrency);
  return Promise.all(items.map((item) => limit(() => read(item))));
}
