import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announceExpiredSession } from '../lib/api-client';
import '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/** Confirmation modals take their button labels from the current language. */
function LocalizedModals({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>{children}</ModalsProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(announceExpiredSession, []);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <LocalizedModals>{children}</LocalizedModals>
      </QueryClientProvider>
    </MantineProvider>
  );
}
