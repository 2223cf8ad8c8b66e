import { render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useHydrated, useWidthQuery, ViewportGuessProvider, widthQueryMatches } from './hydration';

function Probe() {
  const hydrated = useHydrated();
  const wide = useWidthQuery('(min-width: 48em)', true);
  return <p>{`${hydrated ? 'hydrated' : 'server'} ${wide ? 'wide' : 'narrow'}`}</p>;
}

describe('rendering what the server rendered, then what the browser knows', () => {
  it('reads width queries at a given width', () => {
    expect(widthQueryMatches('(min-width: 48em)', 768)).toBe(true);
    expect(widthQueryMatches('(min-width: 48em)', 390)).toBe(false);
    expect(widthQueryMatches('(max-width: 36em)', 390)).toBe(true);
    expect(widthQueryMatches('(max-width: 600px)', 1280)).toBe(false);
    expect(widthQueryMatches('(orientation: portrait)', 390)).toBeUndefined();
  });

  it('hydrates with the server’s assumptions and no mismatch, then renders the browser’s', async () => {
    // The window is wide (happy-dom's matchMedia answers for its 1024 px); the server assumed a phone.
    const tree = (
      <ViewportGuessProvider value={390}>
        <Probe />
      </ViewportGuessProvider>
    );
    const html = renderToString(tree);
    expect(html).toContain('server narrow');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.fn();
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: errors });
    });
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('hydrated wide');
    container.remove();
  });

  it('renders the browser’s answers at once when nothing is hydrated', () => {
    const { container } = render(<Probe />);
    expect(container.textContent).toBe('hydrated wide');
  });
});
