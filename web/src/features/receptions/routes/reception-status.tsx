/**
 * /reception/status/{id} (spec 3 §2, §4): the reference read-only and the status. The warehouse reports the
 * arrival and the count; only the provider's staff may set a status in its stead (receptionRules.statusChoices),
 * which the reception's history records, after a confirmation that says what it does to stock; then it saves
 * ('reception.update_validate_success_msg'). Everyone else sees the status read-only, and why. The superadmin may
 * first enter received quantities, sent with the change (left empty, the expected quantity counts).
 */
import { canUpdateStatus, isSuperadmin } from '@cellar/shared/access/roles';
import { RECEPTION_QUANTITY_MAX, type ReceptionStatusCode } from '@cellar/shared/receptions/schemas';
import { receptionRules } from '@cellar/shared/receptions/status';
import { wholeNumberIssue } from '@cellar/shared/validation/validators';
import { Group, List, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QuantityInput } from '../../../components/forms/quantity-input';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { ReceptionStatusBadge, receptionStatusLabel } from '../../../components/status/reception-status-badge';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { notifyInvalidForm } from '../../../lib/form';
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
  const choices = canUpdateStatus(principal) ? receptionRules.statusChoices(reception.statusCode, principal) : [];
  const [received, setReceived] = useState<Record<string, string | number>>(() =>
    Object.fromEntries((reception.stocks ?? []).map((l) => [l.id, l.received ?? ''])),
  );
  const title = t(paths.receptions.status.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.receptions.list.title), to: paths.receptions.list.path },
    { label: title },
  ];

  const reference = reception.reference || t('receptions.no_reference');
  const label = (code: string) => t(receptionStatusLabel(code));

  const change = (statusCode: string | null) => {
    if (!statusCode || statusCode === reception.statusCode) return;
    const from = reception.statusCode;
    // A received quantity out of bounds is refused, never dropped (the line would receive its expected quantity).
    const refused = Object.values(received).some(
      (v) => v !== '' && wholeNumberIssue(v, { min: 0, max: RECEPTION_QUANTITY_MAX }),
    );
    if (superadmin && refused) {
      notifyInvalidForm();
      return;
    }
    const quantities = superadmin ? receivedBody(received) : undefined;
    // What the change does to stock: the count enters it on closing, and leaves it when a closed one reopens.
    const effects = [
      ...(from !== '200' && statusCode === '200' ? [t('receptions.status_effects.stock_in')] : []),
      ...(from === '200' && statusCode !== '200' ? [t('receptions.status_effects.stock_out')] : []),
    ];
    modals.openConfirmModal({
      title: t('receptions.change_status'),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('receptions.status_confirm.change', { reference, from: label(from), to: label(statusCode) })}
          </Text>
          {effects.length > 0 && (
            <List size="sm" withPadding>
              {effects.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          )}
          {superadmin && (
            <Text size="sm" fw={500}>
              {t('receptions.status_confirm.override')}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      onConfirm: () =>
        update.mutate({
          id: reception.id,
          body: { statusCode: statusCode as ReceptionStatusCode, ...(quantities ? { received: quantities } : {}) },
          messages: { update: t('reception.update_validate_success_msg') },
        }),
    });
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
          {choices.length ? (
            <Select
              label={t('receptions.fields.status')}
              description={t('receptions.status_hint.override')}
              data={[reception.statusCode, ...choices].map((code) => ({ value: code, label: label(code) }))}
              value={reception.statusCode}
              onChange={change}
              disabled={update.isPending}
              allowDeselect={false}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          ) : (
            <TextInput
              label={t('receptions.fields.status')}
              description={t('receptions.status_hint.warehouse')}
              value={label(reception.statusCode)}
              readOnly
              variant="filled"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
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
