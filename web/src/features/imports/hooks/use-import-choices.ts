import { isSuperadmin } from '@cellar/shared/access/roles';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { type ContactType, contactTypeRules } from '@cellar/shared/contacts/schemas';
import { importRequiredOwner } from '@cellar/shared/imports/schemas';
import { type ImportTemplateName, importColumns, importContext } from '@cellar/shared/imports/templates';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { usePrincipal, useUser } from '../../../lib/auth';
import { useOwnerAccounts, useWarehouses } from '../../../lib/reference-data';
import { useSuppliers } from '../api/imports';

/**
 * What the rows are checked against: the account (a superadmin's choice unless the page names it), and for
 * contacts the warehouse and segment; with them, the account's warehouses, segments and suppliers, and the
 * template's context and columns.
 */
export function useImportChoices(template: ImportTemplateName, type: ContactType | undefined) {
  const user = useUser();
  const principal = usePrincipal();
  const superadmin = isSuperadmin(principal);
  const { companyId } = useParams();
  const rules = type ? contactTypeRules(type) : undefined;
  const needsOwner = importRequiredOwner(principal.role, template, type);

  const accounts = useOwnerAccounts(superadmin);
  const warehouses = useWarehouses();
  const [ownerId, setOwnerId] = useState<string | null>(companyId ?? (needsOwner ? null : user.companyId));
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [segment, setSegment] = useState<SegmentCode | null>(null);

  const owner = superadmin ? accounts.data?.find((a) => a.id === ownerId) : undefined;
  const ownerWarehouses = useMemo(() => {
    const all = warehouses.data ?? [];
    if (template === 'company') return all;
    if (superadmin) return owner?.warehouses ?? [];
    return all;
  }, [warehouses.data, template, superadmin, owner]);
  const suppliers = useSuppliers(
    template === 'product' && Boolean(ownerId),
    superadmin ? (ownerId ?? undefined) : undefined,
  );
  const topAgent = Boolean(superadmin ? owner?.isTopAgent : user.company?.isTopAgent);
  const segmentsOf = superadmin ? owner?.segments : user.company?.segments;
  const ownerSegments = useMemo(() => segmentsOf?.map((s) => s.code) ?? [], [segmentsOf]);

  const ctx = useMemo(
    () =>
      importContext({
        template,
        importer: principal,
        type,
        ownerId: ownerId ?? undefined,
        warehouseId,
        segment,
        warehouses: ownerWarehouses.map((w) => ({ id: w.id, code: w.code })),
        suppliers: suppliers.data,
        topAgent,
        segments: template === 'order' ? ownerSegments : [],
      }),
    [
      template,
      principal,
      type,
      ownerId,
      warehouseId,
      segment,
      ownerWarehouses,
      suppliers.data,
      topAgent,
      ownerSegments,
    ],
  );
  const columns = useMemo(() => importColumns(ctx), [ctx]);

  // The only warehouse is the default one.
  useEffect(() => {
    if (rules?.hasWarehouse && !warehouseId && ownerWarehouses.length === 1)
      setWarehouseId(ownerWarehouses[0]?.id ?? null);
  }, [rules, warehouseId, ownerWarehouses]);

  return {
    superadmin,
    rules,
    needsOwner,
    /** The page names the account: it cannot change. */
    ownerLocked: Boolean(companyId),
    ownerId,
    chooseOwner: (id: string | null) => {
      setOwnerId(id);
      setWarehouseId(null);
      setSegment(null);
    },
    warehouseId,
    setWarehouseId,
    segment,
    setSegment,
    ownerWarehouses,
    ownerSegments,
    ctx,
    columns,
    // The rows are checked against these: the file waits until they are here.
    loading: warehouses.isPending || (superadmin && accounts.isPending) || (template === 'product' && !suppliers.data),
    missingChoice: Boolean(
      (needsOwner && !ownerId) || (rules?.hasWarehouse && !warehouseId) || (rules?.segmentRequired && !segment),
    ),
  };
}

export type ImportChoices = ReturnType<typeof useImportChoices>;
