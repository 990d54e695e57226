import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/auth';

/** A welcome page until the dashboard's key figures and panels arrive. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Stack>
      <Title order={2}>{t('dashboard.welcome', { name: user.name })}</Title>
      {user.company && (
        <Text c="dimmed">
          {user.company.code} — {user.company.name}
        </Text>
      )}
    </Stack>
  );
}
