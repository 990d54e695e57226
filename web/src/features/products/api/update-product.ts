import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_INCLUDE, productQueryOptions } from '../../../components/catalogue/get-product';
import { type CallMessages, callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import type { ProductBody } from '../utils/product-values';

/** Saves a product; `messages` word a change that is not an edit ('Product hidden.'). */
export const updateProduct = ({ id, body, messages }: { id: string; body: ProductBody; messages?: CallMessages }) =>
  callRoute(routes.productUpdate, {
    params: { id },
    body,
    query: { include: PRODUCT_INCLUDE },
    messages: { update: i18n.t('products.updated', { code: body.code }), ...messages },
  });

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => queryClient.setQueryData(productQueryOptions(product.id).queryKey, product),
  });
}
