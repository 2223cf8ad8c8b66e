import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

type Options = Omit<RenderOptions, 'wrapper'> & { route?: string };

/** Renders with the app's providers (Mantine in test mode, a fresh query cache) and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: Options = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } });
  const result = render(ui, {
    wrapper: ({ children }) => (
      <AppProviders queryClient={queryClient} env="test">
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </AppProviders>
    ),
    ...options,
  });
  return { ...result, queryClient };
}

/**
 * A JSON envelope Response, for the api-client's own unit test, which stubs `fetch`. Component
 * tests answer HTTP through ./http.ts instead (MSW, fixtures parsed by the contract).
 */
export function envelopeResponse(response: unknown, status = 200, reason: string | null = null, code = status) {
  return new Response(JSON.stringify({ code, response, reason }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
