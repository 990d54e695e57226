import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { i18n } from './i18n';

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

// The API words some values in the reader's language (family names, movement reasons): a new language reads
// them again.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
