import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse } from '../testing/render';
import { ApiError, apiRequest, askEarly, configureApiClient } from './api-client';
import { clearSession, saveSession } from './session';

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

const sentHeaders = () => {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return (init?.headers ?? {}) as Record<string, string>;
};

describe('apiRequest', () => {
  it('returns the envelope response of a success', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ alias: 'satoshi' }));
    await expect(apiRequest('/user')).resolves.toEqual({ alias: 'satoshi' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
  });

  it('sends a JSON body with POST and passes the abort signal through', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ ok: true }));
    const controller = new AbortController();
    await apiRequest('/recovery', { body: { email: 'a@b.co' }, signal: controller.signal });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(init.signal).toBe(controller.signal);
    expect(sentHeaders()['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({}));
    await apiRequest('/config');
    expect(sentHeaders().Authorization).toBeUndefined();
  });

  it('leaves the session to its same-origin cookie: no Authorization header while logged in', async () => {
    saveSession({ userType: 1 });
    fetchMock.mockResolvedValue(envelopeResponse({}));
    await apiRequest('/user');
    expect(sentHeaders().Authorization).toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.credentials).toBe('same-origin');
    clearSession();
  });

  it('throws an http ApiError with the envelope code, reason and response', async () => {
    fetchMock.mockResolvedValue(
      envelopeResponse({ credentialsToken: 'abc' }, 403, 'Two-factor authentication is required.'),
    );
    const error = await apiRequest('/login', { body: {}, authCall: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      category: 'http',
      status: 403,
      code: 403,
      reason: 'Two-factor authentication is required.',
      response: { credentialsToken: 'abc' },
    });
  });

  it('sends a Prefer header when asked, and treats an HTTP 200 whose envelope says 403 as that 403', async () => {
    // The login's two-factor step as the server answers a caller that prefers it (docs/decisions/047).
    fetchMock.mockResolvedValue(
      envelopeResponse({ credentialsToken: 'abc' }, 200, 'Two-factor authentication is required.', 403),
    );
    const error = await apiRequest('/login', { body: {}, authCall: true, prefer: 'two-factor-step' }).catch(
      (e: unknown) => e,
    );
    expect(sentHeaders().Prefer).toBe('two-factor-step');
    expect(error).toMatchObject({ category: 'http', status: 403, code: 403, response: { credentialsToken: 'abc' } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs out on a 401 of an ordinary call', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(null, 401, 'Your session has expired. Please log in again.'));
    await expect(apiRequest('/user')).rejects.toMatchObject({ category: 'http', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onBanned).not.toHaveBeenCalled();
  });

  it('leaves a 401 of an auth call to the screen', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(null, 401, 'The email or password you entered is incorrect.'));
    await expect(apiRequest('/login', { body: {}, authCall: true })).rejects.toMatchObject({
      reason: 'The email or password you entered is incorrect.',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a 401 with code 99 to the banned page, even from an auth call', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(null, 401, 'Your account has been disabled.', 99));
    const error = await apiRequest('/login', { body: {}, authCall: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 99, isBanned: true });
    expect(onBanned).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a body that is not JSON as a parsing error with the HTTP status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/user')).rejects.toMatchObject({ category: 'parsing', status: 502 });
  });

  it('reports JSON that is not the envelope as a parsing error', async () => {
    fetchMock.mockResolvedValue(new Response('{"hello":"world"}', { status: 200 }));
    await expect(apiRequest('/user')).rejects.toMatchObject({ category: 'parsing', status: 200 });
  });

  it('reports a network failure as a fetch error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/user')).rejects.toMatchObject({ category: 'fetch', status: 0 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('answers asked ahead of a hydration (decision 062)', () => {
  it('starts the GET at once and gives its answer to the first identical call, which asks nothing more', async () => {
    fetchMock.mockResolvedValueOnce(envelopeResponse({ alias: 'early' }));
    askEarly(() => apiRequest('/user'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/user')).resolves.toEqual({ alias: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The answer is taken once: the next call asks the server again.
    fetchMock.mockResolvedValueOnce(envelopeResponse({ alias: 'later' }));
    await expect(apiRequest('/user')).resolves.toEqual({ alias: 'later' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never keeps an answer for another path, nor for a call that changes something', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelopeResponse({ ok: true })));
    askEarly(() => apiRequest('/news'));
    await apiRequest('/announcements');
    await apiRequest('/news', { method: 'POST', body: {} });
    expect(fetchMock.mock.calls.map((call) => [call[0], (call[1] as RequestInit).method])).toEqual([
      ['/api/news', 'GET'],
      ['/api/announcements', 'GET'],
      ['/api/news', 'POST'],
    ]);
    // The GET asked ahead is still there for its twin.
    await apiRequest('/news');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
