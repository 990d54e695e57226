/** /product/list: the product grid, the add and import buttons (writers), the row icons and the detail modal. */
import { isWritter } from '@cellar/shared/access/roles';
import type { Product } from '@cellar/shared/products/schemas';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductDetailModal } from '../../../components/catalogue/product-detail-modal';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { ImportButton } from '../../../components/ui/import-button';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { ProductRowActions } from '../components/product-row-actions';
import { ProductsGrid } from '../components/products-grid';

export function ProductListRoute() {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const writer = isWritter(principal);
  const grid = useRef<DataGridHandle>(null);
  const [detail, setDetail] = useState<Product | null>(null);

  const rowActions = useCallback(
    (p: Product) => (
      <ProductRowActions product={p} writer={writer} onDetail={setDetail} onChanged={() => grid.current?.refresh()} />
    ),
    [writer],
  );

  const addButton = writer && (
    <Group gap="xs">
      <Button component={Link} to={paths.products.create.path} leftSection={<IconPlus size={16} />}>
        {t('products.add')}
      </Button>
      <ImportButton to={paths.products.import.path} />
    </Group>
  );

  return (
    <Stack>
      <Title order={2}>{t(paths.products.list.title)}</Title>
      <ProductsGrid ref={grid} principal={principal} rowActions={rowActions} actions={addButton} />
      <ProductDetailModal productId={detail?.id ?? null} code={detail?.code} onClose={() => setDetail(null)} />
    </Stack>
  );
}
