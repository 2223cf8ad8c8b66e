import { describe, expect, it } from 'vitest';
import { queueQueryOf, readQueueParams, writeQueueParams } from './queue-params';

describe('queue parameters in the address', () => {
  it('defaults to the first page, 25 rows, the queue’s first sort column, oldest first', () => {
    expect(readQueueParams('payouts', new URLSearchParams())).toEqual({
      q: '',
      sort: 'requested',
      dir: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('keeps only what the API accepts for the queue', () => {
    const params = readQueueParams('payouts', new URLSearchParams('sort=name&dir=up&page=-2&pageSize=7'));
    expect(params).toMatchObject({ sort: 'requested', dir: 'asc', page: 1, pageSize: 25 });
    expect(readQueueParams('payouts', new URLSearchParams('sort=amount&dir=desc&page=3&pageSize=50'))).toMatchObject({
      sort: 'amount',
      dir: 'desc',
      page: 3,
      pageSize: 50,
    });
  });

  it('writes back only what differs from the defaults, and reads it again the same', () => {
    const params = { q: 'acme', sort: 'amount' as const, dir: 'desc' as const, page: 2, pageSize: 50 };
    const search = writeQueueParams('payouts', params);
    expect(search.toString()).toBe('q=acme&sort=amount&dir=desc&page=2&pageSize=50');
    expect(readQueueParams('payouts', search)).toEqual(params);
    expect(writeQueueParams('payouts', readQueueParams('payouts', new URLSearchParams())).toString()).toBe('');
  });

  it('sends the search only when there is one', () => {
    const params = readQueueParams('websites', new URLSearchParams('q=%20%20'));
    expect(queueQueryOf(params)).toEqual({ sort: 'created', dir: 'asc', page: 1, pageSize: 25 });
    expect(queueQueryOf({ ...params, q: ' shop ' }).q).toBe('shop');
  });
});
