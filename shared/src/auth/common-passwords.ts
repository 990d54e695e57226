/**
 * The most common passwords (zxcvbn-ts's list of 49,000, from real leaks): refused even when long enough, and so is
 * a common word merely dressed with digits or symbols ("Sunshine2026!"). Its own module, loaded only where a
 * password is set: the list weighs about 380 KB, which the browser never downloads — the form shows the server's
 * answer on the password field.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;
const list = () => {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common;
};

const DRESSING_END = /[\d\W_]+$/u;
const DRESSING_START = /^[\d\W_]+/u;

export function isCommonPassword(password: string): boolean {
  const p = password.trim().toLowerCase();
  const words = [
    p,
    p.replace(DRESSING_END, ''),
    p.replace(DRESSING_START, ''),
    p.replace(DRESSING_START, '').replace(DRESSING_END, ''),
  ];
  return words.some((w) => w.length > 0 && list().has(w));
}
