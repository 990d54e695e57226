import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// The language's texts load beside the first chunk; the first render waits for them (no untranslated flash).
/**
 * The app's style sheets, which index.html preloads without letting them hold the first paint back (the frame it
 * paints first has its own style: lib/first-paint.ts), applied before React's first render.
 */
function appStyles(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise((applied) => {
          link.onload = applied;
          link.onerror = applied;
          link.rel = 'stylesheet';
        }),
    ),
  );
}

// In a transition, React renders in slices and yields to the browser between them: the first render never holds the
// main thread (a phone's input stays answered while the shell and the page are built).
void Promise.all([i18nReady, appStyles()]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
