import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { FIRST_PAINT, FIRST_PAINT_HTML, firstPaintPages, firstPaintTitles } from './first-paint';
import { firstPaintScript } from './first-paint-script';

const files = { scripts: ['/assets/index-abc.js'], modules: ['/assets/zod-abc.js'], styles: ['/assets/index-abc.css'] };
const titles = firstPaintTitles({ fr, en });

/** index.html as built: the frame in #root, then the first paint's script run at this address. */
function paintAt(path: string) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root">${FIRST_PAINT_HTML}</div>`;
  // The script as index.html loads it: its text, run in the page.
  new Function(firstPaintScript(titles, files))();
}

const title = () => document.getElementById(FIRST_PAINT.title)?.textContent;
const asked = () => [...document.head.querySelectorAll('script, link')].map((e) => e.outerHTML);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  localStorage.setItem(FIRST_PAINT.token, 'a-token');
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  localStorage.clear();
});

describe('the first paint', () => {
  it('names every list page it draws in both languages, from the texts', () => {
    expect(titles.map(([path]) => path)).toEqual(firstPaintPages().map((p) => p.path));
    expect(titles).toContainEqual(['/recipient/list', 'Destinataires', 'Recipients']);
    expect(titles).toContainEqual(['/stock/list', fr.stocks.title, en.stocks.title]);
    expect(() => firstPaintTitles({ fr: {}, en })).toThrow(/No title text/);
  });

  it("writes the page's title in the stored language, and none for a page it does not name", () => {
    paintAt('/recipient/list');
    expect(title()).toBe('Destinataires');
    paintAt('/recipient/list/');
    expect(title()).toBe('Destinataires');
    localStorage.setItem(FIRST_PAINT.language, 'en');
    paintAt('/order/list');
    expect(title()).toBe('Orders');
    paintAt('/order/detail/01ABC');
    expect(title()).toBe('');
    expect(document.querySelector('.fp-header')).not.toBeNull();
  });

  it('draws the folded menu when the user folded it', () => {
    paintAt('/stock/list');
    expect(document.getElementById(FIRST_PAINT.nav)?.className).toBe('fp-nav');
    localStorage.setItem(FIRST_PAINT.menuFolded, 'true');
    paintAt('/stock/list');
    expect(document.getElementById(FIRST_PAINT.nav)?.className).toBe('fp-nav fp-folded');
  });

  it('draws no shell without a session, nor on the pages read signed out', () => {
    paintAt('/login');
    expect(document.getElementById('root')?.innerHTML).toBe('');
    localStorage.clear();
    paintAt('/recipient/list');
    expect(document.getElementById('root')?.innerHTML).toBe('');
  });

  it("asks for the app's files once the frame is painted, each once", () => {
    paintAt('/recipient/list');
    expect(asked()).toEqual([]);
    // The next frame's paint, then the fallback's 200 ms: the files are asked for once.
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(250);
    expect(asked()).toHaveLength(3);
    const [style, module, script] = [...document.head.children] as HTMLElement[];
    expect(style?.getAttribute('rel')).toBe('preload');
    expect(style?.getAttribute('as')).toBe('style');
    expect(style?.getAttribute('href')).toBe('/assets/index-abc.css');
    expect(module?.getAttribute('rel')).toBe('modulepreload');
    expect(script?.getAttribute('type')).toBe('module');
    expect(script?.getAttribute('src')).toBe('/assets/index-abc.js');
  });
});
