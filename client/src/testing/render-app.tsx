import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createRoutes } from '../app/routes.tsx';
import { setLocale } from '../lib/i18n.ts';
import type { SiteId } from '../lib/site.tsx';
import type { Translator } from '../lib/translator.ts';

/** Renders the whole app (shell and route table) at a URL, with a fresh SWR cache. */
export function renderApp(
  url: string,
  options: { state?: unknown; site?: SiteId; production?: boolean; i18n?: Translator } = {},
) {
  void setLocale('en-GB');
  // The app's declarative routes under a memory data router, whose state and navigate the tests
  // read and drive (the app itself uses no data-router API: eslint.config.js forbids it).
  const routes = createRoutes({ production: options.production ?? false });
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes routes={routes} /> }], {
    initialEntries: [
      {
        pathname: url.split('?')[0] ?? url,
        search: url.includes('?') ? `?${url.split('?')[1]}` : '',
        state: options.state,
      },
    ],
  });
  const result = render(
    <AppProvider
      site={options.site ?? 'aurora'}
      swrProvider={() => new Map()}
      {...(options.i18n ? { i18n: options.i18n } : {})}
    >
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}
