import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { nextTask } from './lib/next-task';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

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

/**
 * The start, in tasks short enough for a phone to stay answering between them: the first chunk's evaluation, then
 * the router (which starts the page's first requests), then the style sheets, then the language's texts (i18n.ts
 * adds them in a task of their own); the first render waits for the texts (no untranslated flash) and the styles.
 * In a transition, React renders in slices and yields to the browser between them: the first render never holds
 * the main thread either.
 */
async function start(container: HTMLElement) {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const styled = appStyles();
  await Promise.all([i18nReady, styled]);
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

void start(root);
