/**
 * index.html's first-paint script (first-paint.ts says what it paints): `paintFirst`, whose source the build
 * writes into a hashed file with this build's titles and files as its arguments.
 */
import { LANGUAGES } from '@cellar/shared/i18n/messages';
import { FIRST_PAINT } from './first-paint';

/** The app's own files (index.html's module script, module preloads and style sheets), loaded after the frame paints. */
export interface AppFiles {
  scripts: string[];
  modules: string[];
  styles: string[];
}

/**
 * What the script does, run in the page as written here (its source is index.html's script): the title of the page
 * at this address, in the stored language, once signed in (a visitor without a session is sent to the sign-in
 * page, which the frame does not draw: it is emptied). Then, once the frame is painted (after the next frame's
 * paint, or at once in a hidden tab), the app's files are asked for: on a slow link, the frame's few kilobytes
 * never wait behind the app's hundreds. It reads nothing but its arguments and the page.
 */
export function paintFirst(
  titles: readonly (readonly string[])[],
  files: AppFiles,
  languages: readonly string[],
  keys: typeof FIRST_PAINT,
): void {
  const d = document;
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    const add = (tag: string, props: Record<string, string>) =>
      d.head.appendChild(Object.assign(d.createElement(tag), { crossOrigin: '' }, props));
    for (const href of files.styles) add('link', { rel: 'preload', as: 'style', href });
    for (const href of files.modules) add('link', { rel: 'modulepreload', href });
    for (const src of files.scripts) add('script', { type: 'module', src });
  };
  try {
    const s = localStorage;
    const root = d.getElementById('root');
    const path = location.pathname.replace(/\/+$/, '');
    if ((!s.getItem(keys.token) && !s.getItem(keys.impersonation)) || new RegExp(keys.publicPages).test(path)) {
      if (root) root.innerHTML = '';
    } else {
      const lng = Math.max(0, languages.indexOf(s.getItem(keys.language) ?? ''));
      const page = titles.find(([pattern = '']) => new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path));
      const title = d.getElementById(keys.title);
      if (page && title) title.textContent = page[1 + lng] ?? '';
      if (s.getItem(keys.menuFolded) === 'true') d.getElementById(keys.nav)?.classList.add('fp-folded');
    }
  } catch {
    // No storage (a private window that refuses it): the frame stays as it is.
  }
  if (d.visibilityState === 'hidden') load();
  else {
    requestAnimationFrame(() => setTimeout(load, 0));
    setTimeout(load, 200);
  }
}

/** index.html's script: `paintFirst` with the titles and the app's files of this build. */
export function firstPaintScript(titles: [string, ...string[]][], files: AppFiles): string {
  const args = [titles, files, LANGUAGES, FIRST_PAINT].map((a) => JSON.stringify(a)).join(',');
  // A transpiler keeping function names (the build's) wraps them in __name(): defined here as the identity.
  return `(function(){var __name=function(f){return f};(${String(paintFirst)})(${args});})();`;
}
