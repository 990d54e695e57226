import { parseWholeNumber } from '@cellar/shared/validation/validators';

/**
 * The superadmin's received quantities as the status change sends them, by line id: only the lines given a
 * whole number from 0 (an empty line receives its expected quantity on the server).
 */
export function receivedBody(entered: Record<string, string | number>): Record<string, number> | undefined {
  const out = Object.entries(entered).flatMap(([id, v]) => {
    const n = parseWholeNumber(v);
    return n === null ? [] : [[id, n] as const];
  });
  return out.length ? Object.fromEntries(out) : undefined;
}
