/**
 * What the signed-in pages share beyond the app's providers: confirmation modals and date pickers, in the current
 * language. A chunk of its own, loaded with the shell, so the sign-in page does not carry Mantine's modals and dates.
 */
import '@mantine/dates/styles.css';
import './dates.css';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SignedInProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language }}>
      <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}
