import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { logPageView, shouldLogPageView } from '../lib/page-views';
import { isImpersonating } from '../lib/storage';

/** Sends the page view of each navigation of the signed-in shell (see lib/page-views.ts for what is skipped). */
export function usePageViewLog() {
  const location = useLocation();
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as { name?: string } | undefined)?.name;
  // One log per navigation, even when React runs an effect twice (StrictMode) or the name's route re-renders.
  const logged = useRef<string | null>(null);

  useEffect(() => {
    if (logged.current === location.key) return;
    logged.current = location.key;
    if (shouldLogPageView(name, isImpersonating())) void logPageView(name);
  }, [location.key, name]);
}
