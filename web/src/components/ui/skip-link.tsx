/**
 * The first Tab stop of every page: a link, shown while focused, that moves the focus to the page's main content
 * past the header and the menu (WCAG 2.4.1). Every page marks its main content with MAIN_CONTENT_ID.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Moves the focus without changing the URL's hash, which the router would read as a navigation. */
function skip(e: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  e.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.link} onClick={skip}>
      {t('a11y.skip_to_content')}
    </a>
  );
}
