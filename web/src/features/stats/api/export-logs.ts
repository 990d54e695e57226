import { routes } from '@cellar/shared/routes/table';
import { downloadFile } from '../../../lib/download-file';
import { i18n } from '../../../lib/i18n';
import type { DateRange } from './get-stats';

/**
 * The CSV of the raw logs behind the statistics (the server's export: byte-order mark, ';', ISO dates, header
 * Type;Page;Date;Compagnie;Nom;Prénom;Email), over the same dates.
 */
export const exportLogs = ({ start, end }: DateRange) =>
  downloadFile(
    routes.activityLogList.path,
    { params: { output: 'csv', start_date: start, end_date: end } },
    i18n.t('export_csv.error'),
  );
