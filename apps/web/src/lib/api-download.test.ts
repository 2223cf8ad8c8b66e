import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse } from '../testing/render';
import { ApiError, apiDownload, configureApiClient, fileNameFromDisposition } from './api-client';
import { saveSession } from './session';

const onUnauthorized = vi.fn();
const onBanned = vi.fn();
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  onUnauthorized.mockReset();
  onBanned.mockReset();
  configureApiClient({ onUnauthorized, onBanned });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => configureApiClient({ onUnauthorized: () => {}, onBanned: () => {} }));

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="Invoice-INV-2026-000001.pdf"', 'Invoice-INV-2026-000001.pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'Rechnung%20%C3%9F.pdf', 'Rechnung ß.pdf'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.pdf; filename="safe.pdf"', 'safe.pdf'],
    ['attachment', null],
    [null, null],
  ])('reads %s as %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});

describe('apiDownload', () => {
  it('answers the bytes and the file name, asking with the session cookie (never a token the page holds)', async () => {
    saveSession({ userType: 1 });
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="a.pdf"' },
      }),
    );
    const file = await apiDownload('/billing/history/deposit-x');
    expect(file.fileName).toBe('a.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/billing/history/deposit-x');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(init?.headers).toBeUndefined();
    expect(init?.credentials).toBe('same-origin');
  });

  it('throws the envelope of a failure and logs out on 401', async () => {
    fetchMock.mockResolvedValueOnce(envelopeResponse(null, 404, 'The requested item was not found.'));
    await expect(apiDownload('/billing/history/deposit-x')).rejects.toMatchObject({
      status: 404,
      reason: 'The requested item was not found.',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(envelopeResponse(null, 401, 'Please log in.'));
    await expect(apiDownload('/billing/history/deposit-x')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
