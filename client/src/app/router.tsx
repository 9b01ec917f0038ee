import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createRoutes } from './routes.tsx';

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(createRoutes()), []);
  return <RouterProvider router={router} />;
}
