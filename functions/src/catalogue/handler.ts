import { referentialRoutes } from '@cellar/shared/referential/routes';
/** The product referential, served from the shared code that defines it. */

import { matchesAll } from '@cellar/shared/filter/match';
import { ATTRIBUTES, attributeGroups, familyAttributes, familyTree } from '@cellar/shared/referential/data';
import { NotFoundError } from '../errors';
import { resourceHandler } from '../platform/http/pipeline';

export const handler = resourceHandler(referentialRoutes, {
  /** Global families (owner_id NULL) with their sub-families, named and sorted in the caller's language. */
  productFamilies: async ({ list, lang }) => {
    const include = new Set(list.include);
    return familyTree(lang)
      .filter((f) => matchesAll(f, list.filters))
      .map((f) => (include.has('families') ? f : { ...f, families: undefined }));
  },
  familyAttributes: async ({ params }) => {
    const attributes = familyAttributes(params.id);
    if (!attributes) throw new NotFoundError();
    return attributes;
  },
  attributeGroups: async () => attributeGroups(),
  attributeGet: async ({ params }) => {
    const found = ATTRIBUTES.find((a) => a.group === params.groupId && a.id === params.attributeId);
    if (!found) throw new NotFoundError();
    return found;
  },
});
