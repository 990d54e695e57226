/**
 * A reception's lines read-only (detail and status pages): expected and received per lot; the status page may put
 * an input in the received column. Once counted, each line's difference from the notice stands out, with the
 * warehouse's remark; a lot the warehouse found that was not announced (expected 0: another batch, or a damaged
 * quality) is marked as such.
 */
import type { ReceptionLine } from '@cellar/shared/receptions/schemas';
import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type LineColumn, LotLinesTable } from '../../../components/documents/lot-lines-table';

interface ReceptionLinesTableProps {
  lines: readonly ReceptionLine[];
  /** The received cell of a line, when it is more than its figure. */
  received?: (line: ReceptionLine) => ReactNode;
}

/** Received minus expected, once counted; null before. */
export const differenceOf = (line: Pick<ReceptionLine, 'expected' | 'received'>) =>
  line.received === null ? null : line.received - line.expected;

export function ReceptionLinesTable({ lines, received }: ReceptionLinesTableProps) {
  const { t } = useTranslation();
  const counted = !received && lines.some((l) => l.received !== null);
  const noted = lines.some((l) => l.note);
  const unannounced = lines.some((l) => l.expected === 0);
  const columns: LineColumn<ReceptionLine>[] = [
    {
      header: t('receptions.columns.expected'),
      cell: (l) =>
        l.expected === 0 ? (
          <Group gap={4} wrap="nowrap">
            <span>0</span>
            <Badge size="xs" color="grape" variant="light">
              {t('receptions.not_announced')}
            </Badge>
          </Group>
        ) : (
          l.expected
        ),
    },
    { header: t('receptions.columns.received'), cell: (l) => (received ? received(l) : (l.received ?? '')) },
  ];
  if (counted) {
    columns.push({
      header: t('receptions.columns.difference'),
      cell: (l) => {
        const d = differenceOf(l);
        if (d === null) return '';
        if (d === 0) return '0';
        return (
          <Badge color={d < 0 ? 'red' : 'orange'} variant="light" radius="sm" data-difference={d}>
            {d > 0 ? `+${d}` : `−${-d}`}
          </Badge>
        );
      },
    });
  }
  if (noted) columns.push({ header: t('receptions.columns.note'), cell: (l) => l.note ?? '' });
  return (
    <LotLinesTable
      title={t('receptions.lines_count', { count: lines.length })}
      lines={lines}
      testId="reception-lines"
      columns={columns}
      footer={
        unannounced && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('receptions.not_announced_hint')}
          </Text>
        )
      }
    />
  );
}
