import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstCommit } from '../components/ui/after-first-commit';
import { announceExpiredSession } from '../lib/api-client';
import '../lib/i18n';
import { NOTICE_LIMIT } from '../lib/notifications';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, localizedTheme } from './theme';

/** Above the shell's footer (32 px high). */
const FOOTER_CLEARANCE = 32;

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(announceExpiredSession, []);
  const { t } = useTranslation();
  const theme = useMemo(() => localizedTheme(t), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* Above the footer, clear of the header and of a modal's close button; above modals too. */}
      {/* Its six transition groups mark themselves mounted as they commit: after the page's first commit. */}
      <AfterFirstCommit>
        <Notifications
          position="bottom-center"
          limit={NOTICE_LIMIT}
          zIndex={getDefaultZIndex('max')}
          // A margin, not `bottom`: it lifts the bottom container alone (every position has its own, with `top` or `bottom`).
          style={{ marginBottom: FOOTER_CLEARANCE }}
        />
      </AfterFirstCommit>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
