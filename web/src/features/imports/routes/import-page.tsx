/**
 * The CSV import screen shared by users, companies and contacts (spec 3 §2, §4, §5): choose the account (and the
 * warehouse and segment of contacts), download the template, choose the file; the rows appear in an editable grid,
 * checked with the shared template rules; 'Valider' checks again (e-mails with the API too) and, when no row is
 * invalid, sends the grid as a file. The server's worker then creates the records; the screen follows its progress
 * and shows the rows it refused.
 */
import type { ContactType } from '@cellar/shared/contacts/schemas';
import { writeImportFile } from '@cellar/shared/imports/file';
import { type ImportTemplateName, importHeader } from '@cellar/shared/imports/templates';
import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { saveBlob } from '../../../lib/save-file';
import { uploadImport, useImportJob } from '../api/imports';
import { ImportChoices } from '../components/import-choices';
import { ImportRowsPanel } from '../components/import-rows-panel';
import { JobProgress } from '../components/job-progress';
import { useImportChoices } from '../hooks/use-import-choices';
import { useImportRows } from '../hooks/use-import-rows';
import { refusedRowsFile } from '../utils/import-rows';

export interface ImportRouteProps {
  template: ImportTemplateName;
  type?: ContactType;
  /** i18n key of the page title. */
  title: string;
  /** Where 'back' and the end of the import lead. */
  listPath: string;
  listTitle: string;
}

export function ImportRoute({ template, type, title, listPath, listTitle }: ImportRouteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = useImportChoices(template, type);
  const [jobId, setJobId] = useState<string>();
  const job = useImportJob(jobId);
  const rows = useImportRows(choices.ctx, Boolean(jobId));

  const readFile = (file: File | null) => {
    // The input is disabled until then; a file given anyway would be checked against a partial context.
    if (choices.loading || choices.missingChoice) return;
    void rows.read(file);
  };

  const submit = async () => {
    if (!rows.rows) return notify('warning', t('import.no_file'));
    const invalid = await rows.check(rows.rows);
    if (invalid > 0) return notify('warning', t('import.invalid_rows', { count: invalid }));
    const content = writeImportFile(
      importHeader(choices.ctx),
      rows.rows.map((r) => r.cells),
    );
    try {
      const queued = await uploadImport(
        template,
        new Blob([content], { type: 'text/csv' }),
        {
          type,
          owner: choices.superadmin ? (choices.ownerId ?? undefined) : undefined,
          warehouse: choices.warehouseId ?? undefined,
          segment: choices.segment ?? undefined,
        },
        rows.rows.length,
      );
      setJobId(queued.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  /** The refused rows, each after its reason, as a file the user corrects and imports again as it is. */
  const downloadRefused = () => {
    if (!rows.rows || !job.data) return;
    const refused = new Map(job.data.errors.filter((e) => e.row > 0).map((e) => [e.row, e.messages]));
    const text = refusedRowsFile(importHeader(choices.ctx), rows.rows, refused, (row) =>
      t('imports.refused_row', { row }),
    );
    saveBlob(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), `${template}-refused.csv`);
  };

  // The end of the import: all rows created → back to the list; otherwise the refused rows stay on screen.
  const finished = job.data?.status === 'done' || job.data?.status === 'failed' ? job.data : undefined;
  useEffect(() => {
    if (finished?.status === 'done' && finished.failed === 0) {
      notify('success', t('import_csv.success_snackbar'));
      navigate(listPath);
    }
  }, [finished, listPath, navigate, t]);

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
        <JobProgress job={job.data} listPath={listPath} onDownloadRefused={rows.rows ? downloadRefused : undefined} />
      ) : (
        <>
          <ImportChoices
            template={template}
            type={type}
            choices={choices}
            file={rows.file}
            hasRows={Boolean(rows.rows)}
            onFile={readFile}
          />
          {rows.rows && (
            <ImportRowsPanel
              columns={choices.columns}
              rows={rows.rows}
              invalidCount={rows.invalidCount}
              duplicateEmails={rows.duplicateEmails}
              checking={rows.checking}
              onEdit={rows.edit}
              onBack={rows.back}
              onValidate={() => void submit()}
            />
          )}
        </>
      )}
    </Stack>
  );
}
