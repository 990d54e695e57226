/**
 * The B2C carrier-service matrix: a row per company, a column group per carrier, a checkbox per service. Each
 * change adds or removes one permission at once; the box shows the server's answer (put back if refused).
 */
import { Checkbox, Loader } from '@mantine/core';
import type { ColDef, ColGroupDef } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalGrid } from '../../../components/data-grid/local-grid';
import { useSetServicePermission } from '../api/set-service-permission';
import { type MatrixCarrier, type MatrixService, withPermission } from '../utils/carrier-matrix';

export interface MatrixCompany {
  id: string;
  code: string;
  name: string;
  granted: string[];
}

interface MatrixRow extends MatrixCompany {
  /** Targets whose change is on its way. */
  pending: string[];
}

type Toggle = (row: MatrixRow, target: string, on: boolean) => void;

function ServiceCell({
  row,
  carrier,
  service,
  toggle,
}: {
  row: MatrixRow;
  carrier: MatrixCarrier;
  service: MatrixService;
  toggle: Toggle;
}) {
  if (row.pending.includes(service.target)) return <Loader size={14} mt={8} />;
  return (
    <Checkbox
      mt={7}
      size="xs"
      aria-label={`${row.code} ${carrier.label} ${service.name}`}
      checked={row.granted.includes(service.target)}
      onChange={(e) => toggle(row, service.target, e.currentTarget.checked)}
    />
  );
}

interface CarrierMatrixGridProps {
  companies: MatrixCompany[];
  carriers: MatrixCarrier[];
  height: number | string;
}

export function CarrierMatrixGrid({ companies, carriers, height }: CarrierMatrixGridProps) {
  const { t } = useTranslation();
  const setPermission = useSetServicePermission();
  // The server's answers since the page was loaded, over what it loaded.
  const [changes, setChanges] = useState<Record<string, { granted: string[]; pending: string[] }>>({});

  const rows = useMemo<MatrixRow[]>(
    () => companies.map((c) => ({ ...c, granted: c.granted, pending: [], ...changes[c.id] })),
    [companies, changes],
  );

  const mutate = useRef(setPermission.mutate);
  mutate.current = setPermission.mutate;

  const toggle = useCallback<Toggle>((row, target, on) => {
    const set = (granted: string[], pending: string[]) =>
      setChanges((all) => ({ ...all, [row.id]: { granted, pending } }));
    set(row.granted, [...row.pending, target]);
    mutate.current(
      { companyId: row.id, target, granted: on },
      {
        onSuccess: (company) => set(company.permissions?.services ?? withPermission(row.granted, target, on), []),
        onError: () => set(row.granted, []),
      },
    );
  }, []);

  const columns = useMemo<(ColDef<MatrixRow> | ColGroupDef<MatrixRow>)[]>(
    () => [
      {
        field: 'code',
        headerName: t('companies.columns.code'),
        pinned: 'left',
        width: 120,
        filter: 'agTextColumnFilter',
      },
      {
        field: 'name',
        headerName: t('companies.columns.name'),
        pinned: 'left',
        width: 220,
        filter: 'agTextColumnFilter',
      },
      ...carriers.map(
        (carrier): ColGroupDef<MatrixRow> => ({
          headerName: carrier.label,
          children: carrier.services.map(
            (service): ColDef<MatrixRow> => ({
              colId: service.target,
              headerName: service.name,
              width: 130,
              sortable: false,
              cellRenderer: (p: { data?: MatrixRow }) =>
                p.data ? <ServiceCell row={p.data} carrier={carrier} service={service} toggle={toggle} /> : null,
            }),
          ),
        }),
      ),
    ],
    [carriers, toggle, t],
  );

  return (
    <LocalGrid<MatrixRow>
      rows={rows}
      columns={columns}
      getRowId={(p) => p.data.id}
      height={height}
      testId="carrier-matrix"
    />
  );
}
