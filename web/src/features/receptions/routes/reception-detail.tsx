/** /reception/detail/{id}: the reception read-only (spec 3 §2): reference, warehouse, supplier or none, its lines. */
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { ReceptionStatusBadge } from '../../../components/status/reception-status-badge';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useReception } from '../api/get-reception';
import { ReceptionLinesTable } from '../components/reception-lines-table';

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

export function ReceptionDetailRoute() {
  const { t } = useTranslation();
  const { receptionId = '' } = useParams();
  const reception = useReception(receptionId);
  const language = currentLanguage();
  const title = t(paths.receptions.detail.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.receptions.list.title), to: paths.receptions.list.path },
    { label: title },
  ];
  const supplier = reception.supplier;

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Group justify="space-between">
        <Title order={2}>{`${title} - ${reception.reference}`}</Title>
        <ReceptionStatusBadge code={reception.statusCode} />
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Field label={t('receptions.fields.reference')} value={reception.reference} />
          <Field
            label={t('receptions.fields.warehouse')}
            value={reception.warehouse ? `${reception.warehouse.code} - ${reception.warehouse.name}` : '—'}
          />
          <Field
            label={t('receptions.fields.supplier')}
            value={supplier ? `${supplier.code} - ${supplier.name}` : t('receptions.no_supplier')}
          />
          <Field
            label={t('receptions.fields.expected_at')}
            value={reception.expectedAt ? formatDay(reception.expectedAt, language) : '—'}
          />
        </SimpleGrid>
      </Paper>
      <ReceptionLinesTable lines={reception.stocks ?? []} />
    </Stack>
  );
}
