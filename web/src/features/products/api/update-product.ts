import type { Product } from '@cellar/shared/products/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueryOptions } from '../../../components/catalogue/get-product';
import { callRoute } from '../../../lib/api-client';
import type { ProductBody } from '../utils/product-values';

export const updateProduct = ({ id, body }: { id: string; body: ProductBody }) =>
  callRoute(routes.productUpdate, {
    params: { id },
    body,
    query: { include: ['owner', 'warehouse', 'supplier', 'family'] },
  }) as Promise<Product>;

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => queryClient.setQueryData(productQueryOptions(product.id).queryKey, product),
  });
}
