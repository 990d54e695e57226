import { productRoutes } from '@cellar/shared/products/routes';
import type { Product } from '@cellar/shared/products/schemas';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { createProduct, getProduct, productList, updateProduct, withFamilyNames } from './service';

export const handler = resourceHandler(productRoutes, {
  productList: async ({ caller, list, lang }) => {
    const answer = await productList(caller, list);
    const present = answer.present;
    return answerList(
      {
        ...answer,
        present: async (rows) =>
          ((present ? await present(rows) : rows) as Product[]).map((p) => withFamilyNames(p, lang)),
      },
      list,
      lang,
    );
  },
  productGet: async ({ caller, params, lang }) => withFamilyNames(await getProduct(caller, params.id), lang),
  productCreate: async ({ caller, body, lang }) => withFamilyNames(await createProduct(caller, body), lang),
  productUpdate: async ({ caller, params, body, lang }) =>
    withFamilyNames(await updateProduct(caller, params.id, body), lang),
});
