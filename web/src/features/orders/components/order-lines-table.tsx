/**
 * An order's cart read-only (detail page): product, lot, quality, ordered and prepared; the heading counts the
 * lines and the bottles. A lot expiring within 30 days is flagged (the shared FEFO rule).
 */
import { expiresSoon } from '@cellar/shared/orders/fefo';
import type { OrderLine } from '@cellar/shared/orders/schemas';
import { Anchor, Badge, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductDetailModal } from '../../../components/catalogue/product-detail-modal';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export function OrderLinesTable({ lines }: { lines: readonly OrderLine[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [detail, setDetail] = useState<OrderLine['product'] | null>(null);
  const day = (v: string | null) => (v ? formatDay(v, language) : '');
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  const bottles = lines.reduce((sum, l) => sum + l.ordered, 0);

  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        {`${t('orders.cart')} – ${t('orders.lines_count', { count: lines.length })}, ${t('orders.bottles_count', { count: bottles })}`}
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('grid.empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder verticalSpacing={4} miw={720} data-testid="order-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.columns.product_code')}</Table.Th>
                <Table.Th>{t('orders.columns.label')}</Table.Th>
                <Table.Th>{t('orders.columns.warehouse')}</Table.Th>
                <Table.Th>{t('orders.columns.batch')}</Table.Th>
                <Table.Th>{t('orders.columns.ubd')}</Table.Th>
                <Table.Th>{t('orders.columns.bbd')}</Table.Th>
                <Table.Th>{t('orders.columns.quality')}</Table.Th>
                <Table.Th>{t('orders.columns.ordered')}</Table.Th>
                <Table.Th>{t('orders.columns.prepared')}</Table.Th>
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
                  <Table.Td>{l.warehouse?.code ?? ''}</Table.Td>
                  <Table.Td>{l.batch ?? ''}</Table.Td>
                  <Table.Td>{day(l.ubd)}</Table.Td>
                  <Table.Td>
                    {day(l.bbd)}
                    {expiresSoon(l) && (
                      <Badge ml={4} size="xs" color="orange" variant="light">
                        {t('orders.expires_soon')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{l.quality}</Table.Td>
                  <Table.Td>{l.ordered}</Table.Td>
                  <Table.Td>{l.prepared ?? ''}</Table.Td>
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
