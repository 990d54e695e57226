import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, buttonNamed, dialog, settle, showPage, stubApi } from '../../../testing/pages';
import { aLine, aReception } from '../testing/reception-pages.testing';
import { currentReception } from '../utils/current-reception';
import { ReceptionListRoute } from './reception-list';

afterEach(() => {
  vi.unstubAllGlobals();
  currentReception.clear();
  document.body.innerHTML = '';
});

describe('Route: ReceptionListRoute, the new-reception button with a draft in progress', () => {
  it('counts the draft’s products, a product received in two lots once', async () => {
    // Prepare
    const draft = aReception({
      statusCode: '000',
      stocks: [aLine({ id: '1', position: 1, batch: 'L26' }), aLine({ id: '2', position: 2, batch: 'L27' })],
      lineCount: 2,
    });
    currentReception.set(draft.id);
    stubApi((_method, url) => {
      if (url.startsWith(`/api/receptions/${draft.id}`)) return answer(200, draft);
      if (url.startsWith('/api/preferences')) return answer(200, null);
      if (url.startsWith('/api/warehouses')) return answer(200, []);
      return answer(200, { data: [], meta: {} });
    });
    await showPage(<ReceptionListRoute />, {
      role: 'user',
      scope: ['reception'],
      path: '/reception/list',
      pattern: '/reception/list',
    });

    // Act
    await act(async () => buttonNamed('Nouvelle réception')?.click());
    await settle();

    // Assess
    expect(dialog()?.textContent).toContain('avec 1 article.');
  });
});
