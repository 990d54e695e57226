import type { Language } from '@cellar/shared/i18n/messages';
import { productRoutes } from '@cellar/shared/products/routes';
import type { Product } from '@cellar/shared/products/schemas';
import { familyName } from '@cellar/shared/referential/data';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { productList } from './list';
import { createProduct, getProduct, updateProduct } from './service';

/** A product as its reader sees it: its family and sub-family named in their language. */
export function withFamilyNames<T extends Pick<Product, 'family'>>(p: T, lang: Language): T {
  if (!p.family) return p;
  const { family } = p;
  return {
    ...p,
    family: {
      ...family,
      name: familyName(family.id, lang),
      parent: { ...family.parent, name: familyName(family.parent.id, lang) },
    },
  };
}

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
