/**
 * A document's lines read-only (order detail, reception detail and status; spec 2 §2, spec 3 §2): product (a link
 * to its detail), lot, quality, then the document's own quantity columns. An order's lines also show their
 * warehouse and flag a lot that expires within 30 days (the shared FEFO rule).
 */
import { expiresSoon } from '@cellar/shared/orders/fefo';
import { Anchor, Badge, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ProductDetailModal } from '../catalogue/product-detail-modal';

export interface LotLine {
  id: string;
  position: number;
  product: { id: string; code: string; label: string };
  warehouse?: { code: string } | null;
  quality: string;
  batch: string | null;
  ubd: string | null;
  bbd: string | null;
}

export interface LineColumn<L> {
  header: string;
  cell: (line: L) => ReactNode;
}

interface LotLinesTableProps<L extends LotLine> {
  title: string;
  lines: readonly L[];
  /** The quantity columns (expected and received, ordered and prepared). */
  columns: readonly LineColumn<L>[];
  /** An order's lines: their warehouse, and the expiry flag. */
  outbound?: boolean;
  testId: string;
  /** Said under the table (what a mark in it means). */
  footer?: ReactNode;
}

export function LotLinesTable<L extends LotLine>({
  title,
  lines,
  columns,
  outbound = false,
  testId,
  footer,
}: LotLinesTableProps<L>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [detail, setDetail] = useState<LotLine['product'] | null>(null);
  const day = (v: string | null) => (v ? formatDay(v, language) : '');
  const sorted = [...lines].sort((a, b) => a.position - b.position);

  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        {title}
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('grid.empty')}
        </Text>
      ) : (
        // A Tab stop, so that a keyboard can scroll the table sideways on a phone.
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': title }}>
          <Table striped withTableBorder verticalSpacing={4} miw={outbound ? 720 : 640} data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.columns.product_code')}</Table.Th>
                <Table.Th>{t('documents.columns.label')}</Table.Th>
                {outbound && <Table.Th>{t('documents.columns.warehouse')}</Table.Th>}
                <Table.Th>{t('documents.columns.batch')}</Table.Th>
                <Table.Th>{t('documents.columns.ubd')}</Table.Th>
                <Table.Th>{t('documents.columns.bbd')}</Table.Th>
                <Table.Th>{t('documents.columns.quality')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
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
                  {outbound && <Table.Td>{l.warehouse?.code ?? ''}</Table.Td>}
                  <Table.Td>{l.batch ?? ''}</Table.Td>
                  <Table.Td>{day(l.ubd)}</Table.Td>
                  <Table.Td>
                    {day(l.bbd)}
                    {outbound && expiresSoon(l) && (
                      <Badge ml={4} size="xs" color="orange" variant="light">
                        {t('documents.expires_soon')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{l.quality}</Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.header}>{c.cell(l)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {footer}
      <ProductDetailModal productId={detail?.id ?? null} code={detail?.code} onClose={() => setDetail(null)} />
    </Paper>
  );
}
