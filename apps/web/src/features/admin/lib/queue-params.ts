import { ADMIN_PAGE_SIZE_DEFAULT, QUEUE_SORTS, type QueueName } from '@cryptads/contract/admin-messages';
import { PAGE_SIZES } from '../../../lib/table';

/** What a queue screen asks the server for; it lives in the address so that a reload or a link keeps it. */
export type QueueParams = { q: string; sort: string; dir: 'asc' | 'desc'; page: number; pageSize: number };

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
export function readQueueParams(name: QueueName, search: URLSearchParams): QueueParams {
  const sorts = QUEUE_SORTS[name] as readonly string[];
  const sort = search.get('sort');
  const pageSize = positiveInt(search.get('pageSize'), ADMIN_PAGE_SIZE_DEFAULT);
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    sort: sort && sorts.includes(sort) ? sort : (sorts[0] ?? ''),
    dir: search.get('dir') === 'desc' ? 'desc' : 'asc',
    page: positiveInt(search.get('page'), 1),
    pageSize: QUEUE_PAGE_SIZES.includes(pageSize) ? pageSize : ADMIN_PAGE_SIZE_DEFAULT,
  };
}

/** The address form of `params`, leaving out what equals the default. */
export function writeQueueParams(name: QueueName, params: QueueParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.sort !== QUEUE_SORTS[name][0]) search.set('sort', params.sort);
  if (params.dir !== 'asc') search.set('dir', params.dir);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.pageSize !== ADMIN_PAGE_SIZE_DEFAULT) search.set('pageSize', String(params.pageSize));
  return search;
}

/** A click on a column's header: the same column flips its direction, another starts ascending; back to page 1. */
export function toggleSort(params: QueueParams, sort: string): QueueParams {
  const dir = params.sort === sort && params.dir === 'asc' ? 'desc' : 'asc';
  return { ...params, sort, dir, page: 1 };
}

/** The query the API takes: the search only when there is one. */
export const queueQueryOf = (params: QueueParams) => ({
  ...(params.q.trim() ? { q: params.q.trim() } : {}),
  sort: params.sort,
  dir: params.dir,
  page: params.page,
  pageSize: params.pageSize,
});
