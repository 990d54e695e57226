import { redirect } from 'react-router';
import { productQueryOptions } from '../../../components/catalogue/get-product';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** The product of /product/modify/{id}, loaded before the page; an unknown one leads to the list (spec 3 §8). */
export async function loadProduct(productId: string | undefined) {
  try {
    if (!productId) throw new ApiError(404, undefined, 'Not found');
    return await queryClient.ensureQueryData(productQueryOptions(productId));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw redirect(paths.products.list.path);
    }
    throw error;
  }
}
