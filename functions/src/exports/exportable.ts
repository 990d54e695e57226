import { type RouteId, type Routes, routes } from '@cellar/shared/routes/table';

/** The lists a background export may run: those whose route declares an export (`csv: true` in its domain's routes). */
export type ExportableRoute = { [K in RouteId]: Routes[K] extends { csv: true } ? K : never }[RouteId];

export const isExportable = (id: string): id is ExportableRoute =>
  Object.hasOwn(routes, id) && (routes[id as RouteId] as { csv?: boolean }).csv === true;
