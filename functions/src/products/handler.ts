import { productRoutes } from '@cellar/shared/products/routes';
import { resourceHandler } from '../platform/http';
import { answerList } from '../platform/lists';
import { createProduct, getProduct, productList, updateProduct } from './service';

export const handler = resourceHandler(productRoutes, {
  productList: async ({ caller, list, lang }) => answerList(await productList(caller, list), list, lang),
  productGet: async ({ caller, params }) => getProduct(caller, params.id),
  productCreate: async ({ caller, body }) => createProduct(caller, body),
  productUpdate: async ({ caller, params, body }) => updateProduct(caller, params.id, body),
});
