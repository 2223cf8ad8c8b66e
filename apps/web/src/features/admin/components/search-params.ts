import { useSearchParams } from 'react-router';

/**
 * Filters and the page of a back-office list live in the URL, so a list can be bookmarked
 * and shared; changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (changes: Partial<Record<K | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes) as [string, string | undefined][]) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { values, page, set, setPage: (p: number) => set({ page: p > 1 ? String(p) : '' } as never) };
}

/** Drops empty strings, so that the query string carries only the filters in use. */
export function compact<T extends Record<string, string | number | undefined>>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}
