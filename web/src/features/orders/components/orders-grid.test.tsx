import { ROLES } from '@cellar/shared/access/roles';
import { emptyQuery, exportFields } from '@cellar/shared/filter/query';
import { ORDER_LIST } from '@cellar/shared/orders/routes';
import { NO_FULFILMENT, type Order } from '@cellar/shared/orders/schemas';
import { describe, expect, it } from 'vitest';
import { columnDefsOf } from '../../../components/data-grid/column-defs';
import { exportedFields } from '../../../components/data-grid/grid-column';
import { exportTitleMismatches } from '../../../components/data-grid/grid-columns.testing';
import { i18n } from '../../../lib/i18n';
import { show } from '../../../testing/dom';
import { anOrder } from '../testing/order-pages.testing';
import { orderColumns } from './orders-grid';

const TRACKING = 'fulfilment.trackingNumbers';

const columnsFor = (role: keyof typeof ROLES) =>
  orderColumns({
    principal: { role: ROLES[role], scope: ['*'] },
    userId: 'u1',
    warehouses: [],
    countries: [],
    language: 'fr',
  });

/** The tracking column's cell of `order`, as the grid renders it. */
async function trackingCell(order: Order) {
  const column = columnsFor('user').find((c) => c.field === TRACKING);
  if (!column || !('render' in column) || !column.render) throw new Error('No tracking column');
  const el = await show(<div data-testid="cell">{column.render(order)}</div>);
  return el.querySelector('[data-testid="cell"]') as HTMLElement;
}

const shipped = anOrder({
  statusCode: '070',
  fulfilment: {
    ...NO_FULFILMENT,
    trackingNumbers: [
      { number: 'COL123', url: 'https://www.laposte.fr/outils/suivre-vos-envois?code=COL123' },
      { number: 'COL124', url: null },
    ],
    shippedAt: '2026-06-05T14:30:00.000Z',
  },
});

describe('Function: orderColumns', () => {
  it('titles each column as the order export does', async () => {
    const columns = columnsFor('superadmin');
    expect(columns.map((c) => c.field)).toContain('owner.name');
    expect(await exportTitleMismatches(columns, ORDER_LIST)).toEqual([]);
  });

  it('shows the tracking next to the carrier by default, neither sorted nor filtered, and never asks it of an export', () => {
    // Prepare
    const columns = columnsFor('user');
    const fields = columns.map((c) => c.field);
    // Act
    const def = columnDefsOf({ columns, spec: ORDER_LIST, visible: fields, actionsWidth: 60, t: i18n.t }).find(
      (d) => d.colId === TRACKING,
    );
    // Assess
    expect(fields.indexOf(TRACKING)).toBe(fields.indexOf('carrier.name') + 1);
    expect(columns.find((c) => c.field === TRACKING)).not.toHaveProperty('hidden');
    expect(def).toMatchObject({ headerName: 'Numéro de suivi', hide: false, sortable: false, filter: false });
    const exported = exportedFields(columns, fields);
    expect(exported).not.toContain(TRACKING);
    // The server writes every column the export asks for (an unknown one would have it refuse the export).
    const asked = { ...emptyQuery(), params: { output: 'csv', columns: exported.join(',') } };
    expect(() => exportFields(asked, ORDER_LIST)).not.toThrow();
  });

  it('links a shipped order’s tracking numbers to the carrier’s page, in a new tab, named so', async () => {
    // Act
    const cell = await trackingCell(shipped);
    // Assess
    const links = [...cell.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.laposte.fr/outils/suivre-vos-envois?code=COL123',
    ]);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]?.textContent).toBe('COL123, page de suivi du transporteur (s’ouvre dans un nouvel onglet)');
    // A number the warehouse gave without a page is shown alone.
    expect(cell.textContent).toContain('COL124');
  });

  it('shows the number an order was given before the warehouse reported its own, as its detail does', async () => {
    const cell = await trackingCell(anOrder({ statusCode: '070', shippingTrackingId: 'GEO999' }));
    expect(cell.querySelector('a')).toBeNull();
    expect(cell.textContent).toBe('GEO999');
  });

  it.each(['010', '020', '040', '050'] as const)(
    'leaves the tracking cell of an order in %s empty',
    async (statusCode) => {
      const cell = await trackingCell(anOrder({ statusCode }));
      expect(cell.querySelector('a')).toBeNull();
      expect(cell.textContent).toBe('');
    },
  );
});

describe('Function: orderColumns, the status column', () => {
  const statusOf = async (order: Order) => {
    const column = columnsFor('user').find((c) => c.field === 'statusCode');
    if (!column || !('render' in column) || !column.render) throw new Error('No status column');
    return (await show(<div>{column.render(order)}</div>)).querySelector('[data-status]')?.textContent;
  };
  const by = (id: string, name: string) => ({ id, name, actingFor: null });

  it.each([
    [
      'a colleague’s draft by its author',
      anOrder({ statusCode: '000', createdBy: by('u2', 'Jeanne Martin') }),
      'Brouillon de Jeanne Martin',
    ],
    [
      'the reader’s own draft as a draft',
      anOrder({ statusCode: '000', createdBy: by('u1', 'Anne Duval') }),
      'Brouillon',
    ],
    ['a draft of unknown author as a draft', anOrder({ statusCode: '000', createdBy: null }), 'Brouillon'],
    ['a sent order by its status only', anOrder({ statusCode: '010', createdBy: by('u2', 'Jeanne Martin') }), 'Saisie'],
  ])('shows %s', async (_, order, text) => {
    expect(await statusOf(order)).toBe(text);
  });
});
