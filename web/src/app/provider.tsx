import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announceExpiredSession } from '../lib/api-client';
import '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/** Confirmation modals and date pickers follow the current language. */
function Localized({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language }}>
      <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(announceExpiredSession, []);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <Localized>{children}</Localized>
      </QueryClientProvider>
    </MantineProvider>
  );
}
