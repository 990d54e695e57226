import { routes } from '@cellar/shared/routes/table';
import { DEFAULT_QUALITIES } from '@cellar/shared/stocks/schemas';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';

const FALLBACK = DEFAULT_QUALITIES.map((code) => ({ code, label: code }));

/** The stock qualities, or the built-in list when the call fails (spec 3 §7). */
export function useStockQualities() {
  const query = useQuery({
    queryKey: ['stocks-qualities'],
    queryFn: () => callRoute(routes.stockQualities),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.isError ? FALLBACK : query.data;
}
