/**
 * Step 2's product grid (spec 3 §2, §4): the owner's visible products in the warehouse, searched from 3
 * characters; a quantity per product (before the label, so that a phone shows it), added with Enter (or the add icon), 0 or empty removing it; a magnifier
 * opening the read-only product detail.
 */
import type { Product } from '@cellar/shared/products/schemas';
import { RECEPTION_QUANTITY_MAX } from '@cellar/shared/receptions/schemas';
import {
  ActionIcon,
  Center,
  Group,
  Loader,
  NumberInput,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCornerDownLeft, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SEARCH_MIN, type ReceptionProductsInput, useReceptionProducts } from '../api/get-reception-products';
import type { CartProduct } from '../utils/cart';

const SEARCH_DEBOUNCE_MS = 400;

export const cartProductOf = (p: Product): CartProduct => ({
  id: p.id,
  code: p.code,
  label: p.label,
  hasBatch: p.hasBatch,
  hasBbd: p.hasBbd,
  hasUbd: p.hasUbd,
});

function QuantityCell({
  product,
  inCart,
  onQuantity,
}: {
  product: Product;
  inCart: number;
  onQuantity: (product: CartProduct, value: string | number) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | number>(inCart || '');
  const label = `${t('receptions.fields.quantity')} ${product.code}`;
  const submit = () => onQuantity(cartProductOf(product), value);
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={label}
        size="xs"
        w={96}
        min={0}
        max={RECEPTION_QUANTITY_MAX}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        value={value}
        onChange={setValue}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Tooltip label={t('receptions.add_to_cart')}>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`${t('receptions.add_to_cart')} ${product.code}`}
          onClick={submit}
        >
          <IconCornerDownLeft size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

interface ProductPickerProps {
  scope: Omit<ReceptionProductsInput, 'search' | 'page'>;
  initialSearch: string;
  quantityOf: (productId: string) => number;
  onQuantity: (product: CartProduct, value: string | number) => void;
  onDetail: (product: Product) => void;
  actions: ReactNode;
}

export function ProductPicker({ scope, initialSearch, quantityOf, onQuantity, onDetail, actions }: ProductPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const products = useReceptionProducts({ ...scope, search: debounced, page }, true);
  const rows = products.data?.data ?? [];
  const lastPage = products.data?.meta.last_page ?? 1;
  const short = search.trim().length > 0 && search.trim().length < PRODUCT_SEARCH_MIN;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('receptions.product_search')}
          description={t('receptions.product_search_hint', { count: PRODUCT_SEARCH_MIN })}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
          error={short ? t('receptions.product_search_short', { count: PRODUCT_SEARCH_MIN }) : undefined}
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
          aria-label={t('receptions.products')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>{t('receptions.columns.product_code')}</Table.Th>
              <Table.Th w={150}>{t('receptions.fields.quantity')}</Table.Th>
              <Table.Th>{t('receptions.columns.label')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Tooltip label={t('products.detail')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`${t('products.detail')} ${p.code}`}
                      onClick={() => onDetail(p)}
                    >
                      <IconSearch size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td>{p.code}</Table.Td>
                <Table.Td>
                  <QuantityCell key={quantityOf(p.id)} product={p} inCart={quantityOf(p.id)} onQuantity={onQuantity} />
                </Table.Td>
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
