/**
 * The sign-in form checks its fields with the shared schema, which it asks for at its first keystroke or tap (a
 * chunk of its own: the first chunk builds no schema): a submit waits for the rules, refuses empty or malformed
 * fields with their messages and no call, and signs in with valid ones.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fieldLabelled, notices, settle, showPage, stubApi } from '../../../testing/pages';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

async function showForm() {
  const fetch = stubApi((_method, url) =>
    url === '/api/auth/token' ? answer(200, { access_token: 'a.b.c' }) : answer(200, { id: 'u1' }),
  );
  const el = await showPage(<LoginForm onSuccess={() => {}} onForgotPassword={() => {}} />, {
    role: 'admin',
    path: '/login',
    pattern: '/login',
  });
  const submit = () =>
    act(async () => el.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
  return { el, fetch, submit };
}

const typeInto = (input: HTMLInputElement, text: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('Component: LoginForm', () => {
  it('refuses empty and malformed fields with their messages, and calls nothing', async () => {
    const { el, fetch, submit } = await showForm();
    await submit();
    await settle();
    expect(el.textContent).toContain('Ce champ est obligatoire.');
    expect(notices()).toContain('Le formulaire contient des erreurs.');
    await typeInto(fieldLabelled(el, 'E-mail'), 'pas-une-adresse');
    await submit();
    await settle();
    expect(el.querySelector('[aria-invalid="true"]')).not.toBeNull();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/token')).toEqual([]);
  });

  it('signs in with valid fields once its rules are in', async () => {
    const { el, fetch, submit } = await showForm();
    await typeInto(fieldLabelled(el, 'E-mail'), 'admin@cli001.test');
    await typeInto(fieldLabelled(el, 'Mot de passe'), 'Cellar-demo-2026');
    await submit();
    await settle();
    const [call] = fetch.mock.calls.filter(([url]) => url === '/api/auth/token');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'admin@cli001.test', password: 'Cellar-demo-2026' });
  });
});
