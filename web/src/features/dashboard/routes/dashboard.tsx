import { isSuperadmin } from '@cellar/shared/access/roles';
import { Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/errors/load-error';
import { usePrincipal, useUser } from '../../../lib/auth';
import { useOwnerAccounts } from '../../../lib/reference-data';
import { useDashboard } from '../api/get-dashboard';
import { KpiCards } from '../components/kpi-cards';
import { Panels } from '../components/panels';

// The chart library loads after the first paint.
const MonthsChart = lazy(() => import('../components/months-chart'));

/** The dashboard (spec 1 §2): key figures, a chart of the year, and short panels, as the caller's scopes allow. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const superadmin = isSuperadmin(usePrincipal());
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const owners = useOwnerAccounts(superadmin);
  const { data, error, refetch, isFetching } = useDashboard(ownerId);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>{t('dashboard.welcome', { name: user.name })}</Title>
          {user.company && (
            <Text c="dimmed">
              {user.company.code} — {user.company.name}
            </Text>
          )}
        </Stack>
        {superadmin && (
          <Select
            label={t('dashboard.owner')}
            placeholder={t('dashboard.every_owner')}
            clearable
            searchable
            value={ownerId}
            onChange={setOwnerId}
            data={(owners.data ?? []).map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }))}
            w={{ base: '100%', xs: 280 }}
          />
        )}
      </Group>
      {data ? (
        <>
          <KpiCards data={data} ownerId={ownerId} />
          {data.months && (
            <Suspense fallback={<Loader size="sm" />}>
              <MonthsChart months={data.months} />
            </Suspense>
          )}
          <Panels data={data} />
        </>
      ) : error ? (
        <LoadError
          title={t('dashboard.load_error')}
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <Loader />
      )}
    </Stack>
  );
}
