/**
 * Step 2's cart of the order and reception forms (spec 2 §2, spec 3 §2): the stock lines chosen, their count in
 * the heading, a delete icon per line. An order's lines also show their warehouse and flag a lot that expires soon.
 */
import { ActionIcon, Badge, ScrollArea, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { Hint } from '../ui/hint';

/** One line as the cart shows it. */
export interface CartRow {
  key: string;
  productCode: string;
  label: string;
  warehouse?: string;
  batch: string | null;
  ubd: string | null;
  bbd: string | null;
  quality: string;
  quantity: number;
  /** The lot's use-by (else best-before) date is within 30 days. */
  expiresSoon?: boolean;
  /** What the server said about the line (not enough left). */
  error?: string;
}

interface CartTableProps {
  rows: readonly CartRow[];
  /** The quantity column's title (expected, ordered). */
  quantityHeader: string;
  withWarehouse?: boolean;
  onRemove: (key: string) => void;
}

export function CartTable({ rows, quantityHeader, withWarehouse = false, onRemove }: CartTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const day = (v: string | null) => (v ? formatDay(v, language) : '');
  return (
    <section aria-label={t('documents.cart')}>
      <Title order={4} mb="xs">
        {t('documents.cart_count', { count: rows.length })}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.cart_empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table withTableBorder striped verticalSpacing={4} miw={560} data-testid="cart">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.columns.product_code')}</Table.Th>
                <Table.Th>{t('documents.columns.label')}</Table.Th>
                {withWarehouse && <Table.Th>{t('documents.columns.warehouse')}</Table.Th>}
                <Table.Th>{t('documents.columns.batch')}</Table.Th>
                <Table.Th>{t('documents.columns.ubd')}</Table.Th>
                <Table.Th>{t('documents.columns.bbd')}</Table.Th>
                <Table.Th>{t('documents.columns.quality')}</Table.Th>
                <Table.Th>{quantityHeader}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.key}>
                  <Table.Td>{l.productCode}</Table.Td>
                  <Table.Td>
                    {l.label}
                    {l.error && (
                      <Text size="xs" c="red" role="alert">
                        {l.error}
                      </Text>
                    )}
                  </Table.Td>
                  {withWarehouse && <Table.Td>{l.warehouse ?? ''}</Table.Td>}
                  <Table.Td>{l.batch ?? ''}</Table.Td>
                  <Table.Td>{day(l.ubd)}</Table.Td>
                  <Table.Td>
                    {day(l.bbd)}
                    {l.expiresSoon && (
                      <Badge ml={4} size="xs" color="orange" variant="light">
                        {t('documents.expires_soon')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{l.quality}</Table.Td>
                  <Table.Td>{l.quantity}</Table.Td>
                  <Table.Td>
                    <Hint label={t('common.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={`${t('common.delete')} ${l.productCode}${l.batch ? ` ${l.batch}` : ''}`}
                        onClick={() => onRemove(l.key)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Hint>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </section>
  );
}
