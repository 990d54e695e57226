/**
 * /reception/detail/{id}: the reception read-only (spec 3 §2): reference, warehouse, supplier or none, expected
 * date and when it arrived, its lines (once counted, each difference from the notice, the warehouse's remarks and
 * the lots it found unannounced), and its history. A writer may cancel a reception announced but not arrived: the
 * warehouse is told it will not come.
 */
import { isWritter } from '@cellar/shared/access/roles';
import { receptionRules } from '@cellar/shared/receptions/status';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CancelDocumentButton } from '../../../components/documents/cancel-document-button';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { ReceptionStatusBadge } from '../../../components/status/reception-status-badge';
import { DocumentTimeline } from '../../../components/timeline/document-timeline';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { formatDateTime, formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useWatchedReception } from '../api/get-reception';
import { useDeleteReception } from '../api/save-reception';
import { ReceptionLinesTable } from '../components/reception-lines-table';
import { currentReception } from '../utils/current-reception';

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
  const navigate = useNavigate();
  const principal = usePrincipal();
  const reception = useWatchedReception(receptionId);
  const remove = useDeleteReception();
  const language = currentLanguage();
  const title = t(paths.receptions.detail.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.receptions.list.title), to: paths.receptions.list.path },
    { label: title },
  ];
  const supplier = reception.supplier;
  const reference = reception.reference || t('receptions.no_reference');
  const cancellable = isWritter(principal) && receptionRules.isCancellable(reception.statusCode);

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Group justify="space-between">
        <Group>
          <Title order={2}>{`${title} - ${reception.reference}`}</Title>
          <ReceptionStatusBadge code={reception.statusCode} />
        </Group>
        {cancellable && (
          <CancelDocumentButton
            texts={{
              title: t('receptions.cancel.title'),
              confirm: t('receptions.cancel.confirm', { reference }),
              keep: t('receptions.cancel.keep'),
              done: t('receptions.cancel.done', { reference }),
            }}
            pending={remove.isPending}
            cancel={() => remove.mutateAsync(reception.id)}
            onDone={() => {
              if (currentReception.get() === reception.id) currentReception.clear();
              navigate(paths.receptions.list.path);
            }}
          />
        )}
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
          <Field
            label={t('receptions.fields.arrived_at')}
            value={reception.arrivedAt ? formatDateTime(reception.arrivedAt, language) : '—'}
          />
        </SimpleGrid>
      </Paper>
      <ReceptionLinesTable lines={reception.stocks ?? []} />
      <DocumentTimeline kind="reception" id={reception.id} version={reception.updatedAt} />
    </Stack>
  );
}
