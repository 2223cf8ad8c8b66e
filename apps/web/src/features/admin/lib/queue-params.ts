import { ADMIN_PAGE_SIZE_DEFAULT } from '@cryptads/contract/admin-messages';
import {
  QUEUE_DEFS,
  QUEUE_SORTS,
  type QueueDef,
  type QueueName,
  type QueueSort,
} from '@cryptads/contract/admin-queues';
import { PAGE_SIZES } from '../../../lib/table';

/** What a queue screen asks the server for; it lives in the address so that a reload or a link keeps it. */
export type QueueParams<N extends QueueName = QueueName> = {
  q: string;
  sort: QueueSort<N>;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/** The direction a queue lists in when none is asked for (oldest first, unless the queue says otherwise). */
export const defaultDir = (name: QueueName) => (QUEUE_DEFS[name] as QueueDef).defaultDir ?? 'asc';

/** 25 rows by default (the API's default); the sizes the shared tables offer otherwise. */
export const QUEUE_PAGE_SIZES = [...new Set([...PAGE_SIZES, ADMIN_PAGE_SIZE_DEFAULT])].sort((a, b) => a - b);

const positiveInt = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * The queue's parameters from the address, each checked against what the API accepts: an
 * unknown sort column falls back to the queue's default (its first, oldest first).
 */
export function readQueueParams<N extends QueueName>(name: N, search: URLSearchParams): QueueParams<N> {
  const sorts = QUEUE_SORTS[name] as readonly QueueSort<N>[];
  const dir = search.get('dir');
  const sort = search.get('sort');
  const pageSize = positiveInt(search.get('pageSize'), ADMIN_PAGE_SIZE_DEFAULT);
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    sort: sorts.find((s) => s === sort) ?? (sorts[0] as QueueSort<N>),
    dir: dir === 'desc' || dir === 'asc' ? dir : defaultDir(name),
    page: positiveInt(search.get('page'), 1),
    pageSize: QUEUE_PAGE_SIZES.includes(pageSize) ? pageSize : ADMIN_PAGE_SIZE_DEFAULT,
  };
}

/** The address form of `params`, leaving out what equals the default. */
export function writeQueueParams<N extends QueueName>(name: N, params: QueueParams<N>): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.sort !== QUEUE_SORTS[name][0]) search.set('sort', params.sort);
  if (params.dir !== defaultDir(name)) search.set('dir', params.dir);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.pageSize !== ADMIN_PAGE_SIZE_DEFAULT) search.set('pageSize', String(params.pageSize));
  return search;
}

/** The query the API takes: the search only when there is one. */
export const queueQueryOf = <N extends QueueName>(params: QueueParams<N>) => ({
  ...(params.q.trim() ? { q: params.q.trim() } : {}),
  sort: params.sort,
  dir: params.dir,
  page: params.page,
  pageSize: params.pageSize,
});
