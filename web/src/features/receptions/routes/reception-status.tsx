/**
 * /reception/status/{id} (spec 3 §2, §4): the reference read-only and a status dropdown whose change saves at
 * once ('reception.update_validate_success_msg'). Users without the update-status right see the status only. The
 * superadmin may first enter received quantities, sent with the change (left empty, the expected quantity counts).
 */
import { canUpdateStatus, isSuperadmin } from '@cellar/shared/access/roles';
import { RECEPTION_QUANTITY_MAX, type ReceptionStatusCode } from '@cellar/shared/receptions/schemas';
import { RECEPTION_STATUS } from '@cellar/shared/receptions/status';
import { wholeNumberIssue } from '@cellar/shared/validation/validators';
import { Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QuantityInput } from '../../../components/forms/quantity-input';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { ReceptionStatusBadge } from '../../../components/status/reception-status-badge';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { notifyInvalidForm } from '../../../lib/form';
import { notify } from '../../../lib/notifications';
import { useReception } from '../api/get-reception';
import { useUpdateReception } from '../api/save-reception';
import { ReceptionLinesTable } from '../components/reception-lines-table';
import { receivedBody } from '../utils/received';

export function ReceptionStatusRoute() {
  const { t } = useTranslation();
  const { receptionId = '' } = useParams();
  const principal = usePrincipal();
  const reception = useReception(receptionId);
  const update = useUpdateReception();
  const superadmin = isSuperadmin(principal);
  const mayChange = canUpdateStatus(principal);
  const [received, setReceived] = useState<Record<string, string | number>>(() =>
    Object.fromEntries((reception.stocks ?? []).map((l) => [l.id, l.received ?? ''])),
  );
  const title = t(paths.receptions.status.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.receptions.list.title), to: paths.receptions.list.path },
    { label: title },
  ];

  const change = (statusCode: string | null) => {
    if (!statusCode || statusCode === reception.statusCode) return;
    // A received quantity out of bounds is refused, never dropped (the line would receive its expected quantity).
    const refused = Object.values(received).some(
      (v) => v !== '' && wholeNumberIssue(v, { min: 0, max: RECEPTION_QUANTITY_MAX }),
    );
    if (superadmin && refused) {
      notifyInvalidForm();
      return;
    }
    const quantities = superadmin ? receivedBody(received) : undefined;
    update.mutate(
      {
        id: reception.id,
        body: { statusCode: statusCode as ReceptionStatusCode, ...(quantities ? { received: quantities } : {}) },
      },
      { onSuccess: () => notify('success', t('reception.update_validate_success_msg')) },
    );
  };

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Group justify="space-between">
        <Title order={2}>{`${title} - ${reception.reference}`}</Title>
        <ReceptionStatusBadge code={reception.statusCode} />
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
          <TextInput label={t('receptions.fields.reference')} value={reception.reference} readOnly variant="filled" />
          <Select
            label={t('receptions.fields.status')}
            data={RECEPTION_STATUS.list.map((s) => ({ value: s.code, label: t(s.labelKey) }))}
            value={reception.statusCode}
            onChange={change}
            disabled={!mayChange || update.isPending}
            allowDeselect={false}
          />
        </SimpleGrid>
        {superadmin && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('receptions.received_hint')}
          </Text>
        )}
      </Paper>
      <ReceptionLinesTable
        lines={reception.stocks ?? []}
        received={
          superadmin && reception.statusCode !== '200'
            ? (line) => (
                <QuantityInput
                  aria-label={`${t('receptions.columns.received')} ${line.product.code}${line.batch ? ` ${line.batch}` : ''}`}
                  size="xs"
                  w={100}
                  min={0}
                  max={RECEPTION_QUANTITY_MAX}
                  hideControls
                  placeholder={String(line.expected)}
                  value={received[line.id] ?? ''}
                  onChange={(v) => setReceived((r) => ({ ...r, [line.id]: v }))}
                />
              )
            : undefined
        }
      />
    </Stack>
  );
}
