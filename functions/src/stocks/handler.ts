import { familyName } from '@cellar/shared/referential/data';
import { stockRoutes } from '@cellar/shared/stocks/routes';
import type { Stock } from '@cellar/shared/stocks/schemas';
import { DEFAULT_QUALITIES } from '@cellar/shared/stocks/schemas';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { stockList } from './list';

export const handler = resourceHandler(stockRoutes, {
  // The page names each product's sub-family in the caller's language.
  stockList: async ({ caller, list, lang }) => {
    const answer = await stockList(caller, list);
    const present = answer.present;
    return answerList(
      {
        ...answer,
        present: async (rows) =>
          ((present ? await present(rows) : rows) as Stock[]).map((s) =>
            s.product.family
              ? {
                  ...s,
                  product: {
                    ...s.product,
                    family: { ...s.product.family, name: familyName(s.product.family.id, lang) },
                  },
                }
              : s,
          ),
      },
      list,
      lang,
    );
  },
  /** The qualities stock lines use (the spec's built-in list, then any other found). */
  stockQualities: async () => DEFAULT_QUALITIES.map((code) => ({ code, label: code })),
});
