/**
 * The CSV import screen shared by users, companies and contacts (spec 3 §2, §4, §5): choose the account (and the
 * warehouse and segment of contacts), download the template, choose the file; the rows appear in an editable grid,
 * checked with the shared template rules; 'Valider' checks again (e-mails with the API too) and, when no row is
 * invalid, sends the grid as a file. The server's worker then creates the records; the screen follows its progress
 * and shows the rows it refused.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { type ContactType, contactTypeRules } from '@cellar/shared/contacts/schemas';
import { writeImportFile } from '@cellar/shared/imports/file';
import { type ImportJob, importRequiredOwner } from '@cellar/shared/imports/schemas';
import { type ImportTemplateName, importColumns, importContext, importHeader } from '@cellar/shared/imports/templates';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePrincipal, useUser } from '../../../lib/auth';
import { isEmailTaken } from '../../../lib/email-check';
import { notify } from '../../../lib/notifications';
import { useOwnerAccounts, useWarehouses } from '../../../lib/reference-data';
import { downloadTemplate, uploadImport, useImportJob, useSuppliers } from '../api/imports';
import { ImportGrid, STATE_COLORS } from '../components/import-grid';
import {
  checkGrid,
  editCell,
  emailsToAsk,
  type GridRow,
  mapLimited,
  markTaken,
  readFileRows,
} from '../utils/import-rows';

export interface ImportRouteProps {
  template: ImportTemplateName;
  type?: ContactType;
  /** i18n key of the page title. */
  title: string;
  /** Where 'back' and the end of the import lead. */
  listPath: string;
  listTitle: string;
}

const EMAIL_CHECKS_AT_ONCE = 6;

export function ImportRoute({ template, type, title, listPath, listTitle }: ImportRouteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const principal = usePrincipal();
  const superadmin = isSuperadmin(principal);
  const { companyId } = useParams();
  const { height } = useViewportSize();
  const rules = type ? contactTypeRules(type) : undefined;
  const needsOwner = importRequiredOwner(principal.role, template, type);

  const accounts = useOwnerAccounts(superadmin);
  const warehouses = useWarehouses();
  const [ownerId, setOwnerId] = useState<string | null>(companyId ?? (needsOwner ? null : user.companyId));
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [segment, setSegment] = useState<SegmentCode | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<GridRow[] | null>(null);
  const [duplicateEmails, setDuplicateEmails] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  /** Cells were edited: leaving the screen would lose that work, so it asks first. */
  const [dirty, setDirty] = useState(false);
  const [jobId, setJobId] = useState<string>();
  const job = useImportJob(jobId);

  const owner = superadmin ? accounts.data?.find((a) => a.id === ownerId) : undefined;
  const ownerWarehouses = useMemo(() => {
    const all = warehouses.data ?? [];
    if (template === 'company') return all;
    if (superadmin) return owner?.warehouses ?? [];
    return all;
  }, [warehouses.data, template, superadmin, owner]);
  const suppliers = useSuppliers(
    template === 'product' && Boolean(ownerId),
    superadmin ? (ownerId ?? undefined) : undefined,
  );
  const topAgent = Boolean(superadmin ? owner?.isTopAgent : user.company?.isTopAgent);
  const ownerSegments =
    (superadmin ? owner?.segments?.map((s) => s.code) : user.company?.segments?.map((s) => s.code)) ?? [];

  const ctx = useMemo(
    () =>
      importContext({
        template,
        importer: principal,
        type,
        ownerId: ownerId ?? undefined,
        warehouseId,
        segment,
        warehouses: ownerWarehouses.map((w) => ({ id: w.id, code: w.code })),
        suppliers: suppliers.data,
        topAgent,
      }),
    [template, principal, type, ownerId, warehouseId, segment, ownerWarehouses, suppliers.data, topAgent],
  );
  const columns = useMemo(() => importColumns(ctx), [ctx]);

  // The only warehouse is the default one.
  useEffect(() => {
    if (rules?.hasWarehouse && !warehouseId && ownerWarehouses.length === 1)
      setWarehouseId(ownerWarehouses[0]?.id ?? null);
  }, [rules, warehouseId, ownerWarehouses]);

  // The rows are checked against these: the file waits until they are here.
  const loading =
    warehouses.isPending || (superadmin && accounts.isPending) || (template === 'product' && !suppliers.data);
  const missingChoice =
    (needsOwner && !ownerId) || (rules?.hasWarehouse && !warehouseId) || (rules?.segmentRequired && !segment);

  /** Checks every row, asking the API about e-mails for users; returns the number of invalid rows. */
  const check = useCallback(
    async (current: GridRow[]) => {
      setChecking(true);
      try {
        const first = checkGrid(ctx, current);
        const emails = emailsToAsk(ctx, first.rows);
        const answers = await mapLimited(emails, EMAIL_CHECKS_AT_ONCE, (e) => isEmailTaken(e).catch(() => false));
        const out = markTaken(first, new Set(emails.filter((_, i) => answers[i])));
        setRows(out.rows);
        setDuplicateEmails(out.duplicateEmails);
        return out.invalid;
      } finally {
        setChecking(false);
      }
    },
    [ctx],
  );

  const read = async (chosen: File | null) => {
    // The input is disabled until then; a file given anyway would be checked against a partial context.
    if (loading || missingChoice) return;
    setFile(chosen);
    if (!chosen) return;
    try {
      const loaded = await readFileRows(chosen, ctx);
      setRows(loaded);
      await check(loaded);
    } catch (error) {
      setFile(null);
      const e = error as { key?: string; values?: Record<string, unknown> };
      notify('error', t(e.key ?? 'import.read_failure', e.values));
    }
  };

  const onEdit = useCallback((id: number, key: string, value: string) => {
    setDirty(true);
    setRows((current) => current?.map((r) => (r.id === id ? editCell(r, key, value) : r)) ?? null);
  }, []);

  const confirmDiscard = (onConfirm: () => void, onCancel?: () => void) =>
    modals.openConfirmModal({
      title: t('imports.discard_title'),
      children: <Text size="sm">{t('imports.discard_text')}</Text>,
      labels: { confirm: t('imports.discard'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
      onCancel,
    });

  const discard = () => {
    setRows(null);
    setFile(null);
    setDuplicateEmails([]);
    setDirty(false);
  };
  const back = () => (dirty ? confirmDiscard(discard) : discard());

  // Leaving with edited rows asks first (the sent file is the server's from then on).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !jobId && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation: the blocker's state alone decides (its functions change identity).
  // biome-ignore lint/correctness/useExhaustiveDependencies: asking again on each render would stack dialogs
  useEffect(() => {
    if (blocker.state === 'blocked') confirmDiscard(blocker.proceed, blocker.reset);
  }, [blocker.state]);

  const submit = async () => {
    if (!rows) return notify('warning', t('import.no_file'));
    const invalid = await check(rows);
    if (invalid > 0) return notify('warning', t('import.invalid_rows', { count: invalid }));
    const content = writeImportFile(
      importHeader(ctx),
      rows.map((r) => r.cells),
    );
    try {
      const queued = await uploadImport(template, new Blob([content], { type: 'text/csv' }), {
        type,
        owner: superadmin ? (ownerId ?? undefined) : undefined,
        warehouse: warehouseId ?? undefined,
        segment: segment ?? undefined,
      });
      setJobId(queued.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  // The end of the import: all rows created → back to the list; otherwise the refused rows stay on screen.
  const finished = job.data?.status === 'done' || job.data?.status === 'failed' ? job.data : undefined;
  useEffect(() => {
    if (finished?.status === 'done' && finished.failed === 0) {
      notify('success', t('import_csv.success_snackbar'));
      navigate(listPath);
    }
  }, [finished, listPath, navigate, t]);

  const invalidCount = rows?.filter((r) => r.check && !r.check.valid).length ?? 0;

  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to={paths.dashboard.path} size="sm">
          {t('menu.home')}
        </Anchor>
        <Anchor component={Link} to={listPath} size="sm">
          {t(listTitle)}
        </Anchor>
        <span>{t(title)}</span>
      </Breadcrumbs>
      <Title order={2}>{t(title)}</Title>

      {jobId ? (
        <JobProgress job={job.data} listPath={listPath} />
      ) : (
        <>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('imports.hint')}
              </Text>
              <Group align="flex-end" wrap="wrap">
                {needsOwner && (
                  <Select
                    label={t('imports.account')}
                    required
                    searchable
                    w={280}
                    disabled={Boolean(companyId) || Boolean(rows)}
                    data={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.code} - ${a.name}` }))}
                    value={ownerId}
                    onChange={(v) => {
                      setOwnerId(v);
                      setWarehouseId(null);
                      setSegment(null);
                    }}
                  />
                )}
                {rules?.hasWarehouse && (
                  <Select
                    label={t('imports.warehouse')}
                    required
                    w={240}
                    disabled={Boolean(rows) || (needsOwner && !ownerId)}
                    data={ownerWarehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
                    value={warehouseId}
                    onChange={setWarehouseId}
                  />
                )}
                {rules?.hasSegment && (
                  <Select
                    label={t('imports.segment')}
                    required={rules.segmentRequired}
                    clearable={!rules.segmentRequired}
                    w={160}
                    disabled={Boolean(rows) || (needsOwner && !ownerId)}
                    data={ownerSegments}
                    value={segment}
                    onChange={(v) => setSegment(v as SegmentCode | null)}
                  />
                )}
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => downloadTemplate(template, type).catch(() => undefined)}
                >
                  {t('imports.template')}
                </Button>
              </Group>
              {rows ? (
                <Group gap="xs">
                  <IconFileTypeCsv size={18} />
                  <Text size="sm" data-testid="import-file">
                    {file?.name}
                  </Text>
                </Group>
              ) : (
                <FileInput
                  label={t('imports.file')}
                  placeholder={t('imports.file_placeholder')}
                  accept=".csv,text/csv"
                  leftSection={<IconFileTypeCsv size={18} />}
                  clearable
                  w={420}
                  value={file}
                  disabled={Boolean(missingChoice) || loading}
                  description={missingChoice ? t('imports.choose_first') : loading ? t('imports.loading') : undefined}
                  onChange={(f) => void read(f)}
                />
              )}
            </Stack>
          </Paper>

          {rows && (
            <Stack gap="xs">
              {/* The counts, the legend and the actions stay above the grid, in view whatever its height. */}
              <Group justify="space-between">
                <Group gap="xs">
                  <Badge variant="light" color="gray" data-testid="import-count">
                    {t('imports.rows', { count: rows.length })}
                  </Badge>
                  <Badge variant="light" color={invalidCount ? 'red' : 'green'} data-testid="import-invalid">
                    {t('imports.invalid', { count: invalidCount })}
                  </Badge>
                  <Legend />
                </Group>
                <Group gap="xs">
                  <Button variant="default" onClick={back}>
                    {t('imports.back')}
                  </Button>
                  {duplicateEmails.length === 0 && (
                    <Button onClick={() => void submit()} loading={checking}>
                      {t('imports.validate')}
                    </Button>
                  )}
                </Group>
              </Group>
              {duplicateEmails.length > 0 && (
                <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('import.duplicate_emails')}>
                  {duplicateEmails.join(', ')}
                </Alert>
              )}
              <ImportGrid columns={columns} rows={rows} onEdit={onEdit} height={Math.max(300, height / 1.4 - 120)} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Group gap="sm" ml="md" aria-label={t('imports.legend')}>
      {(['valid', 'required', 'invalid', 'unverified'] as const).map((state) => (
        <Group key={state} gap={4}>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              border: '1px solid #ccc',
              background: STATE_COLORS[state],
            }}
          />
          <Text size="xs">{t(`imports.legend_${state}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The worker's progress, then what it refused. */
function JobProgress({ job, listPath }: { job: ImportJob | undefined; listPath: string }) {
  const { t } = useTranslation();
  const done = job && (job.status === 'done' || job.status === 'failed');
  const percent = job?.total ? Math.round((job.processed / job.total) * 100) : 0;
  return (
    <Paper withBorder p="md" data-testid="import-progress">
      <Stack gap="sm">
        {!done && (
          <>
            <Text>{t('imports.sending', { processed: job?.processed ?? 0, total: job?.total ?? 0 })}</Text>
            <Progress value={percent} animated aria-label={t('imports.sending_label')} />
          </>
        )}
        {done && (
          <>
            <Alert color={job.failed || job.status === 'failed' ? 'orange' : 'green'} title={t('imports.result_title')}>
              {t('imports.result', { created: job.created, failed: job.failed })}
            </Alert>
            {job.failed > job.errors.length && (
              <Text size="sm" c="dimmed">
                {t('imports.errors_kept', { count: job.errors.length })}
              </Text>
            )}
            {job.errors.length > 0 && (
              <Table striped withTableBorder data-testid="import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={90}>{t('imports.row')}</Table.Th>
                    <Table.Th>{t('imports.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {job.errors.map((e) => (
                    <Table.Tr key={`${e.row}-${e.messages.join()}`}>
                      <Table.Td>{e.row || '-'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-line' }}>{e.messages.join('\n')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group>
              <Button component={Link} to={listPath}>
                {t('imports.back_to_list')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
