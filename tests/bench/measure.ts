/** Timing of list requests through the local runtime, shared by the list benchmarks. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface Timing {
  p50: number;
  p95: number;
  /** Rows of the last answer, and its meta.total. */
  rows: number;
  total: number;
}

/** Calls a list path up to 20 times to warm up, then `runs` times; fails on anything but a 200 with rows. */
export async function measure(url: string, token: string, path: string, runs: number): Promise<Timing> {
  const call = async () => {
    const t = performance.now();
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: unknown[]; meta: { total: number } };
    if (res.status !== 200 || body.data.length === 0) {
      throw new Error(`Unexpected answer ${res.status} to ${path}: ${JSON.stringify(body).slice(0, 200)}`);
    }
    return { ms: performance.now() - t, rows: body.data.length, total: body.meta.total };
  };
  for (let i = 0; i < Math.min(20, runs); i++) await call();
  const times: number[] = [];
  let last = { rows: 0, total: 0 };
  for (let i = 0; i < runs; i++) {
    const r = await call();
    times.push(r.ms);
    last = r;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows: last.rows, total: last.total };
}

/** 'name: p50 a×, p95 b× (largest/smallest size)'. */
export function ratioLine(
  name: string,
  bySize: Record<number, { p50: number; p95: number }> | undefined,
  sizes: number[],
) {
  const small = bySize?.[sizes[0] as number];
  const large = bySize?.[sizes[sizes.length - 1] as number];
  if (!small || !large) return `  ${name}: no ratio`;
  return `  ratio ${name}: p50 ${(large.p50 / small.p50).toFixed(2)}×, p95 ${(large.p95 / small.p95).toFixed(2)}× (target ≤ 2×)`;
}
