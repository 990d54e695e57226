/** /stock/list: the stock lines; a product code opens the product's detail. */
import type { Stock } from '@cellar/shared/stocks/schemas';
import { Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductDetailModal } from '../../../components/catalogue/product-detail-modal';
import { paths } from '../../../config/paths';
import { usePrincipal, useUser } from '../../../lib/auth';
import { StocksGrid } from '../components/stocks-grid';

export function StockListRoute() {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const user = useUser();
  const [product, setProduct] = useState<Stock['product'] | null>(null);
  const onProduct = useCallback((s: Stock) => setProduct(s.product), []);

  return (
    <Stack>
      <Title order={2}>{t(paths.stock.list.title)}</Title>
      <StocksGrid principal={principal} pooled={Boolean(user.company?.isPooledActivity)} onProduct={onProduct} />
      <ProductDetailModal productId={product?.id ?? null} code={product?.code} onClose={() => setProduct(null)} />
    </Stack>
  );
}
