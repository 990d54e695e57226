import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, dialog, fieldLabelled, notices, optionsOf, pick, settle } from '../../../testing/pages';
import { aReception, showReceptionPage, stubReceptionApi } from '../testing/reception-pages.testing';
import { ReceptionStatusRoute } from './reception-status';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('Route: ReceptionStatusRoute', () => {
  it('shows a client admin the status read-only: the warehouse sets it', async () => {
    // Prepare
    const reception = aReception({ statusCode: '001' });
    stubReceptionApi(reception);
    // Act
    const el = await showReceptionPage(<ReceptionStatusRoute />, { role: 'admin', reception });
    // Assess
    const input = fieldLabelled(el, 'Statut');
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('En attente de réception');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Le statut suit la livraison à l’entrepôt',
    );
  });

  it('lets the superadmin close it in the warehouse’s stead, once confirmed, saying the stock will take it in', async () => {
    // Prepare
    const reception = aReception({ statusCode: '100' });
    const fetch = stubReceptionApi(reception, { ...reception, statusCode: '200' });
    const el = await showReceptionPage(<ReceptionStatusRoute />, { role: 'superadmin', reception });
    const input = fieldLabelled(el, 'Statut');
    // Assess
    expect(await optionsOf(input)).toEqual(['En cours', 'En attente de réception', 'Clôturée']);
    // Act
    await pick(input, 'Clôturée');
    // Assess
    const text = dialog()?.textContent ?? '';
    expect(text).toContain('La réception REC-001 passera de « En cours » à « Clôturée ».');
    expect(text).toContain('Les quantités reçues (à défaut, attendues) entreront en stock.');
    expect(text).toContain('historique de la réception');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    // Act
    await act(async () => buttonNamed('Confirmer')?.click());
    await settle();
    // Assess
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ statusCode: '200' });
    expect(notices()).toContain('Le statut de la réception a été mis à jour.');
  });
});
