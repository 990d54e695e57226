/** A request's `include` parameter: the related records an answer is asked to carry. */

/** The includes asked for, each with its parents: `company.carriers` includes the company itself. */
export const parseInclude = (raw: string | readonly string[] | undefined) =>
  new Set(
    (typeof raw === 'string' ? raw.split(',').filter(Boolean) : (raw ?? [])).flatMap((path) =>
      path.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.')),
    ),
  );
