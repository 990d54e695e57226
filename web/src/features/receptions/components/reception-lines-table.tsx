/**
 * A reception's lines read-only (detail and status pages): expected and received per lot; the status page may put
 * an input in the received column.
 */
import type { ReceptionLine } from '@cellar/shared/receptions/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LotLinesTable } from '../../../components/documents/lot-lines-table';

interface ReceptionLinesTableProps {
  lines: readonly ReceptionLine[];
  /** The received cell of a line, when it is more than its figure. */
  received?: (line: ReceptionLine) => ReactNode;
}

export function ReceptionLinesTable({ lines, received }: ReceptionLinesTableProps) {
  const { t } = useTranslation();
  return (
    <LotLinesTable
      title={t('receptions.lines_count', { count: lines.length })}
      lines={lines}
      testId="reception-lines"
      columns={[
        { header: t('receptions.columns.expected'), cell: (l) => l.expected },
        { header: t('receptions.columns.received'), cell: (l) => (received ? received(l) : (l.received ?? '')) },
      ]}
    />
  );
}
