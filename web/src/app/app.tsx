import { RouterProvider } from 'react-router/dom';
import { SkipLink } from '../components/ui/skip-link';
import { AppProvider } from './provider';
import { router } from './router';

export function App() {
  return (
    <AppProvider>
      <SkipLink />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
