/**
 * Creating many records at once (an import's chunk): each record is built and checked by its service's own rules,
 * one by one; those that pass are written together by the entity's `insertMany`. A record a rule refuses, or a
 * write refuses (a clash on a unique value), answers its domain error in its place; anything else fails the call.
 */
import { DomainError } from '../errors';
import type { InsertOutcome } from './entity';

export async function createChecked<R, T>(
  rows: readonly R[],
  build: (row: R) => Promise<T>,
  write: (records: T[]) => Promise<InsertOutcome[]>,
): Promise<(DomainError | undefined)[]> {
  const out: (DomainError | undefined)[] = new Array(rows.length).fill(undefined);
  const records: T[] = [];
  const at: number[] = [];
  for (const [i, row] of rows.entries()) {
    try {
      records.push(await build(row));
      at.push(i);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      out[i] = e;
    }
  }
  for (const [k, outcome] of (await write(records)).entries()) {
    if (outcome.created) continue;
    if (!(outcome.error instanceof DomainError)) throw outcome.error;
    out[at[k] as number] = outcome.error;
  }
  return out;
}
