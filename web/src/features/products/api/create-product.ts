import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_INCLUDE, productQueryOptions } from '../../../components/catalogue/get-product';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import type { ProductBody } from '../utils/product-values';

export const createProduct = (body: ProductBody) =>
  callRoute(routes.productCreate, {
    body,
    query: { include: PRODUCT_INCLUDE },
    messages: { success: i18n.t('products.created', { code: body.code }) },
  });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => queryClient.setQueryData(productQueryOptions(product.id).queryKey, product),
  });
}
