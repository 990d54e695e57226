import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) are answers, not accidents: they are never retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
