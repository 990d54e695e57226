/**
 * The CSV import screen shared by users, companies and contacts (spec 3 §2, §4, §5): choose the account (and the
 * warehouse and segment of contacts), download the template, choose the file; a worker reads and checks the whole
 * file with the shared template rules while the page shows how far it is (issue 14), then the first rows and the
 * invalid ones appear in an editable grid, the rest counted; 'Valider' checks again (e-mails and codes on screen
 * with the API too) and, when no row is invalid, sends the whole file with the edits. The server's worker then
 * creates the records; the screen follows its progress (rows per second, estimated end) and shows the rows it
 * refused.
 */
import type { ContactType } from '@cellar/shared/contacts/schemas';
import type { ImportTemplateName } from '@cellar/shared/imports/templates';
import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { downloadRefusedRows, uploadImport, useImportJob } from '../api/imports';
import { ImportChecking } from '../components/import-checking';
import { ImportChoices } from '../components/import-choices';
import { ImportRowsPanel } from '../components/import-rows-panel';
import { JobProgress } from '../components/job-progress';
import { useImportChoices } from '../hooks/use-import-choices';
import { useImportRows } from '../hooks/use-import-rows';
import { addOrderImportTexts } from '../utils/order-texts';

// The order import's texts come with this screen, not with the first chunk: in before the route's title shows.
addOrderImportTexts();

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
  const rows = useImportRows(choices.ctx, choices.columns, Boolean(jobId));

  const readFile = (file: File | null) => {
    // The input is disabled until then; a file given anyway would be checked against a partial context.
    if (choices.loading || choices.missingChoice) return;
    void rows.read(file);
  };

  const submit = async () => {
    const invalid = await rows.check();
    if (invalid === null) return notify('warning', t('import.no_file'));
    if (invalid > 0) return notify('warning', t('import.invalid_rows', { count: invalid }));
    // The whole file with the edits, written by the checker that holds it.
    const content = await rows.fileToSend();
    if (!content) return;
    try {
      const queued = await uploadImport(
        template,
        content.file,
        {
          type,
          owner: choices.superadmin ? (choices.ownerId ?? undefined) : undefined,
          warehouse: choices.warehouseId ?? undefined,
          segment: choices.segment ?? undefined,
        },
        content.rows,
      );
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
        <JobProgress
          job={job.data}
          listPath={listPath}
          onDownloadRefused={() => job.data && void downloadRefusedRows(job.data.id).catch(() => undefined)}
        />
      ) : (
        <>
          <ImportChoices
            template={template}
            type={type}
            choices={choices}
            file={rows.file}
            hasRows={rows.phase !== 'idle'}
            onFile={readFile}
          />
          {(rows.phase === 'reading' || rows.phase === 'checking') && (
            <ImportChecking phase={rows.phase} progress={rows.progress} onCancel={rows.back} />
          )}
          {rows.rows && (
            <ImportRowsPanel
              columns={choices.columns}
              rows={rows.rows}
              counts={rows.counts}
              duplicateEmails={rows.duplicateEmails}
              checking={rows.checking}
              stock={rows.stock}
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
