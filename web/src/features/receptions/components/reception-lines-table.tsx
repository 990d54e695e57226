/**
 * A reception's lines read-only (detail and status pages): product, lot, quality, expected and received; the
 * status page may put an input in the received column.
 */
import type { ReceptionLine } from '@cellar/shared/receptions/schemas';
import { Anchor, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductDetailModal } from '../../../components/catalogue/product-detail-modal';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { LotHeaderCells } from './lot-header-cells';

interface ReceptionLinesTableProps {
  lines: readonly ReceptionLine[];
  /** The received cell of a line, when it is more than its figure. */
  received?: (line: ReceptionLine) => ReactNode;
}

export function ReceptionLinesTable({ lines, received }: ReceptionLinesTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [detail, setDetail] = useState<ReceptionLine['product'] | null>(null);
  const day = (v: string | null) => (v ? formatDay(v, language) : '');
  const sorted = [...lines].sort((a, b) => a.position - b.position);

  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        {t('receptions.lines_count', { count: lines.length })}
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('grid.empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder verticalSpacing={4} miw={640} data-testid="reception-lines">
            <Table.Thead>
              <Table.Tr>
                <LotHeaderCells />
                <Table.Th>{t('receptions.columns.received')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => setDetail(l.product)}>
                      {l.product.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{l.product.label}</Table.Td>
                  <Table.Td>{l.batch ?? ''}</Table.Td>
                  <Table.Td>{day(l.ubd)}</Table.Td>
                  <Table.Td>{day(l.bbd)}</Table.Td>
                  <Table.Td>{l.quality}</Table.Td>
                  <Table.Td>{l.expected}</Table.Td>
                  <Table.Td>{received ? received(l) : (l.received ?? '')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ProductDetailModal productId={detail?.id ?? null} code={detail?.code} onClose={() => setDetail(null)} />
    </Paper>
  );
}
