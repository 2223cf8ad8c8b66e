import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { formatDay } from '@cryptads/contract/dates';

const subscribe = () => () => {};

/**
 * False while React hydrates the HTML the server sent (and on the server itself), true
 * afterwards and in every render that is not a hydration (docs/decisions/062). What only the
 * browser knows (localStorage, the stored colour scheme, the window's width) waits for it, so
 * that the first render in the browser draws exactly what the server drew and hydration finds
 * no difference.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The window width the server assumed when it rendered the page (from the request's user
 * agent: a phone's, or a desktop's), in CSS pixels; given to the server's render and, through
 * the page's state, to the hydration. Absent when the browser renders alone.
 */
const ViewportGuess = createContext<number | undefined>(undefined);
export const ViewportGuessProvider = ViewportGuess.Provider;

const EM = 16;
const WIDTH_QUERY = /^\(\s*(min|max)-width:\s*([\d.]+)(em|px)\s*\)$/;

/** Whether a `(min-width: …)` or `(max-width: …)` query holds at `width`; undefined for any other query. */
export function widthQueryMatches(query: string, width: number): boolean | undefined {
  const [, bound, value = '', unit] = WIDTH_QUERY.exec(query.trim()) ?? [];
  if (!bound) return undefined;
  const limit = Number(value) * (unit === 'em' ? EM : 1);
  return bound === 'min' ? width >= limit : width <= limit;
}

/**
 * A media query read on the first render (a wide screen never flashes the phone's layout),
 * except in a page the server rendered: there, until it is hydrated, it answers for the width
 * the server assumed, which is what the HTML shows; the real answer comes in the render after.
 */
export function useWidthQuery(query: string, fallback: boolean): boolean {
  const guess = useContext(ViewportGuess);
  const hydrated = useHydrated();
  const real = useMediaQuery(query, undefined, { getInitialValueInEffect: false }) ?? fallback;
  if (hydrated || guess === undefined) return real;
  return widthQueryMatches(query, guess) ?? fallback;
}

/**
 * '21 Nov 2026' on the viewer's calendar, as lib/format.ts's formatDate; in a page the server
 * rendered, until it is hydrated, on the UTC calendar the server used (it does not know the
 * viewer's time zone), so that the hydration finds the server's text.
 */
export function useViewerDate(): (value: string | Date) => string {
  const hydrated = useHydrated();
  return (value) => formatDay(value, hydrated ? 'local' : 'utc');
}
