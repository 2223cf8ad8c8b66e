import { randomBytes } from 'node:crypto';
import { type FakeResponse, type LoopbackServer, listenOnLoopback } from '../../../testing/loopback';

/**
 * A fake of the EU VIES REST API on loopback (POST /taxation_customs/vies/rest-api/check-vat-number),
 * answering in VIES's JSON shape. `mode` plays the failures VIES is known for: a member
 * state down (MS_UNAVAILABLE with HTTP 200), the whole service down (HTTP 500), too many
 * requests, and no answer at all (a hung connection, for the deadline).
 */

export type FakeViesMode = 'up' | 'ms_unavailable' | 'service_unavailable' | 'max_concurrent' | 'hang';

export type FakeVies = LoopbackServer & {
  /** Base URL to give the adapter. */
  apiUrl: string;
  mode: FakeViesMode;
  /** Registered numbers: 'DE136695976' -> trader; the name and address may be '---' (not disclosed). */
  registry: Map<string, { name: string; address: string }>;
};

const errorBody = (error: string) => ({ actionSucceed: false, errorWrappers: [{ error, message: null }] });

export async function startFakeVies(registry: Record<string, { name: string; address: string }> = {}) {
  let fake: FakeVies | null = null;
  const entries = new Map(Object.entries(registry));

  const server = await listenOnLoopback((request): FakeResponse | null => {
    if (request.method !== 'POST' || request.path !== '/taxation_customs/vies/rest-api/check-vat-number')
      return { status: 404, body: { message: 'Not found' } };
    switch (fake?.mode ?? 'up') {
      case 'hang':
        return null;
      case 'ms_unavailable':
        return { status: 200, body: errorBody('MS_UNAVAILABLE') };
      case 'service_unavailable':
        return { status: 500, body: errorBody('SERVICE_UNAVAILABLE') };
      case 'max_concurrent':
        return { status: 200, body: errorBody('MS_MAX_CONCURRENT_REQ') };
      case 'up':
        break;
    }
    let input: {
      countryCode?: unknown;
      vatNumber?: unknown;
      requesterMemberStateCode?: unknown;
      requesterNumber?: unknown;
    };
    try {
      input = JSON.parse(request.body);
    } catch {
      return { status: 400, body: errorBody('INVALID_INPUT') };
    }
    if (typeof input.countryCode !== 'string' || !/^[A-Z]{2}$/.test(input.countryCode) || !input.vatNumber)
      return { status: 400, body: errorBody('INVALID_INPUT') };
    const trader = entries.get(`${input.countryCode}${String(input.vatNumber)}`);
    const withRequester = typeof input.requesterNumber === 'string' && input.requesterNumber !== '';
    return {
      status: 200,
      body: {
        countryCode: input.countryCode,
        vatNumber: String(input.vatNumber),
        requestDate: new Date().toISOString(),
        valid: trader !== undefined,
        requestIdentifier: withRequester ? `WAPI${randomBytes(6).toString('hex').toUpperCase()}` : '',
        name: trader?.name ?? '---',
        address: trader?.address ?? '---',
        traderName: '---',
        traderStreet: '---',
        traderPostalCode: '---',
        traderCity: '---',
        traderCompanyType: '---',
        traderNameMatch: 'NOT_PROCESSED',
        traderStreetMatch: 'NOT_PROCESSED',
        traderPostalCodeMatch: 'NOT_PROCESSED',
        traderCityMatch: 'NOT_PROCESSED',
        traderCompanyTypeMatch: 'NOT_PROCESSED',
      },
    };
  });

  fake = { ...server, apiUrl: `${server.origin}/taxation_customs/vies/rest-api`, mode: 'up', registry: entries };
  return fake;
}
