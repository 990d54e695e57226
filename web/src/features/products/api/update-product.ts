import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_INCLUDE, productQueryOptions } from '../../../components/catalogue/get-product';
import { callRoute } from '../../../lib/api-client';
import type { ProductBody } from '../utils/product-values';

export const updateProduct = ({ id, body }: { id: string; body: ProductBody }) =>
  callRoute(routes.productUpdate, {
    params: { id },
    body,
    query: { include: PRODUCT_INCLUDE },
  });

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => queryClient.setQueryData(productQueryOptions(product.id).queryKey, product),
  });
}
