import type { PreferenceSlug } from '@cellar/shared/preferences/schemas';
import { useMemo, useState } from 'react';
import type { GridColumn, ListRoute } from './grid-column';
import { useGridPreference, useResetGridPreference, useSaveGridPreference } from './grid-preferences';

/** What the layout reads of a column: its field (the preference's entry), and whether it is hidden by default. */
export type LayoutColumn = Pick<GridColumn<ListRoute>, 'field' | 'hidden'>;

/**
 * Which columns show: the user's saved preference, else the columns' defaults. A toggle applies at once; saving
 * or resetting makes the preference the layout again. The grids' columns, or a table's (an order's packing list).
 */
export function useColumnLayout(slug: PreferenceSlug, columns: readonly LayoutColumn[]) {
  const preference = useGridPreference(slug);
  const savePreference = useSaveGridPreference(slug);
  const resetPreference = useResetGridPreference(slug);
  const [toggled, setToggled] = useState<string[] | null>(null);

  const visible = useMemo(() => {
    if (toggled) return toggled;
    const saved = preference.data?.columns.filter((f) => columns.some((c) => c.field === f));
    return saved?.length ? saved : columns.filter((c) => !c.hidden).map((c) => c.field);
  }, [toggled, preference.data, columns]);
  const visibleInOrder = useMemo(
    () => columns.filter((c) => visible.includes(c.field)).map((c) => c.field),
    [columns, visible],
  );
  // The same layout object while nothing it holds changes: the grid's toolbar, memoized, is not drawn again when
  // only the rows change (its menus place their hidden dropdowns at each drawing, a long task on a phone).
  const saveMutation = savePreference.mutateAsync;
  const resetMutation = resetPreference.mutateAsync;
  const loading = preference.isPending;
  const saving = savePreference.isPending;
  return useMemo(
    () => ({
      loading,
      visible,
      visibleInOrder,
      saving,
      toggle: (field: string, shown: boolean) =>
        setToggled(shown ? [...visible, field] : visible.filter((f) => f !== field)),
      save: () => saveMutation(visibleInOrder).then(() => setToggled(null)),
      reset: () => resetMutation().then(() => setToggled(null)),
    }),
    [loading, visible, visibleInOrder, saving, saveMutation, resetMutation],
  );
}
