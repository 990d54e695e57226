/** Role (only roles below one's own), warehouses (2 chips then '(+N autres)') and modules (one's own), shared by the
 * create form and the edit modal. */
import type { Warehouse } from '@cellar/shared/warehouses/schemas';
import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactMultiSelect } from '../../../components/forms/compact-multi-select';
import { ModuleSelect } from '../../../components/forms/module-select';
import { usePrincipal } from '../../../lib/auth';
import { roleChoices } from '../utils/user-rules';

interface AccessValues {
  role: string | null;
  warehouseIds: string[];
  scope: string[];
}

interface UserAccessFieldsProps<V extends AccessValues> {
  form: UseFormReturnType<V>;
  warehouses: readonly Warehouse[];
  modulesRequired?: boolean;
}

export function UserAccessFields<V extends AccessValues>({
  form,
  warehouses,
  modulesRequired = false,
}: UserAccessFieldsProps<V>) {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const roles = useMemo(
    () => roleChoices(principal).map((role) => ({ value: role, label: t(`roles.${role}`) })),
    [principal, t],
  );
  const warehouseOptions = warehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }));

  return (
    <>
      <Select
        label={t('users.fields.role')}
        withAsterisk
        allowDeselect={false}
        data={roles}
        nothingFoundMessage={t('common.no_data')}
        {...form.getInputProps('role')}
      />
      <CompactMultiSelect
        label={t('users.fields.warehouses')}
        withAsterisk
        searchable
        data={warehouseOptions}
        pillLabels={Object.fromEntries(warehouses.map((w) => [w.id, w.code]))}
        nothingFoundMessage={t('common.no_data')}
        {...form.getInputProps('warehouseIds')}
      />
      <ModuleSelect withAsterisk={modulesRequired} {...form.getInputProps('scope')} style={{ gridColumn: '1 / -1' }} />
    </>
  );
}
