import { productRoutes } from '@cellar/shared/products/routes';
import { resourceHandler } from '../platform/http';
import { createProduct, exportProducts, getProduct, listProducts, updateProduct } from './service';

export const handler = resourceHandler(productRoutes, {
  productList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportProducts(caller, list) : listProducts(caller, list),
  productGet: async ({ caller, params }) => getProduct(caller, params.id),
  productCreate: async ({ caller, body }) => createProduct(caller, body),
  productUpdate: async ({ caller, params, body }) => updateProduct(caller, params.id, body),
});
