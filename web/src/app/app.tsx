import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SkipLink } from '../components/ui/skip-link';
import { AppProvider } from './provider';

export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <SkipLink />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
