import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-preload';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('renders a preloaded component at once, without its fallback', async () => {
    const Lazy = lazyWithPreload(async () => ({ default: Hello }));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    // Synchronously there: no fallback was ever shown.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy when not preloaded, and loads the module once', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(async () => {
      loads++;
      return { default: Hello };
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
    await Lazy.preload();
    expect(loads).toBe(1);
  });
});
