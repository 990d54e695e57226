/**
 * Step 2's product grid of the order and reception forms (spec 2 §2, spec 3 §2, §4): the products the form's
 * search found, searched from 3 characters; a quantity per product (before the label, so that a phone shows it),
 * added with Enter (or the add icon), 0 or empty removing it; a magnifier opening the read-only product detail.
 * Columns the form adds (company code, available) come after the code.
 */
import type { Product } from '@cellar/shared/products/schemas';
import {
  ActionIcon,
  Center,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCornerDownLeft, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityInput, useQuantityIssue } from '../forms/quantity-input';
import { Hint } from '../ui/hint';
import { PRODUCT_SEARCH_MIN, type ProductSearch } from './get-products';

export interface ProductColumn {
  header: string;
  cell: (product: Product) => ReactNode;
}

function QuantityCell({
  product,
  inCart,
  max,
  onQuantity,
}: {
  product: Product;
  inCart: number;
  max: number | undefined;
  onQuantity: (product: Product, value: string | number) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | number>(inCart || '');
  const [refused, setRefused] = useState(false);
  const issueOf = useQuantityIssue();
  const label = `${t('documents.quantity')} ${product.code}`;
  // Empty removes the product, as 0 does; a quantity out of bounds stays typed, refused with its message.
  const submit = () => {
    const typed = value === '' ? 0 : value;
    setRefused(true);
    if (!issueOf(typed, { min: 0, max })) onQuantity(product, typed);
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <QuantityInput
        aria-label={label}
        size="xs"
        w={96}
        min={0}
        max={max}
        showIssue={refused && value !== ''}
        hideControls
        value={value}
        onChange={(v) => {
          setRefused(false);
          setValue(v);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Hint label={t('documents.add_to_cart')}>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`${t('documents.add_to_cart')} ${product.code}`}
          onClick={submit}
        >
          <IconCornerDownLeft size={16} />
        </ActionIcon>
      </Hint>
    </Group>
  );
}

interface ProductPickerProps {
  found: ProductSearch;
  quantityOf: (productId: string) => number;
  /** The most one may type for a product (what is available, for an order; undefined while unknown). */
  maxOf: (product: Product) => number | undefined;
  onQuantity: (product: Product, value: string | number) => void;
  onDetail: (product: Product) => void;
  columns?: readonly ProductColumn[];
  /** Beside the search: a filter, a create button. */
  actions?: ReactNode;
}

export function ProductPicker({
  found,
  quantityOf,
  maxOf,
  onQuantity,
  onDetail,
  columns = [],
  actions,
}: ProductPickerProps) {
  const { t } = useTranslation();
  const { search, setSearch, page, setPage, products } = found;
  const rows = products.data?.data ?? [];
  const lastPage = products.data?.meta.last_page ?? 1;
  const short = search.trim().length > 0 && search.trim().length < PRODUCT_SEARCH_MIN;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('documents.product_search')}
          description={t('documents.product_search_hint', { count: PRODUCT_SEARCH_MIN })}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          error={short ? t('documents.product_search_short', { count: PRODUCT_SEARCH_MIN }) : undefined}
        />
        {actions}
      </Group>
      <ScrollArea type="auto">
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing={4}
          miw={560}
          aria-label={t('documents.products')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>{t('documents.columns.product_code')}</Table.Th>
              <Table.Th w={150}>{t('documents.quantity')}</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
              <Table.Th>{t('documents.columns.label')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Hint label={t('products.detail')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`${t('products.detail')} ${p.code}`}
                      onClick={() => onDetail(p)}
                    >
                      <IconSearch size={16} />
                    </ActionIcon>
                  </Hint>
                </Table.Td>
                <Table.Td>{p.code}</Table.Td>
                <Table.Td>
                  <QuantityCell
                    key={quantityOf(p.id)}
                    product={p}
                    inCart={quantityOf(p.id)}
                    max={maxOf(p)}
                    onQuantity={onQuantity}
                  />
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.header}>{c.cell(p)}</Table.Td>
                ))}
                <Table.Td>{p.label}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {products.isPending ? (
        <Center h={60}>
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : (
        rows.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            {t('grid.empty')}
          </Text>
        )
      )}
      {lastPage > 1 && <Pagination size="sm" total={lastPage} value={page} onChange={setPage} />}
    </Stack>
  );
}
