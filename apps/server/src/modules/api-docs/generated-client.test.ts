import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { depositFor } from '../ledger/test-helpers';
import { buildApiDocuments } from './openapi';

/**
 * A client generated from /api/v1/openapi.json works: openapi-typescript writes the types,
 * a small openapi-fetch client typechecks against them (tsc, strict), and openapi-fetch calls
 * the listening server. Until API keys are merged the call goes to the same paths under /api
 * with a session token as the bearer; with keys, the base URL is /api/v1 and the bearer a key.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
// Under node_modules so the temporary project resolves openapi-fetch and typescript.
const cache = path.join(root, 'node_modules', '.cache');

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './v1';

export function publicApi(baseUrl: string, key: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${key}\` } });
}

export async function runningCampaignNames(baseUrl: string, key: string): Promise<string[]> {
  const { data, error } = await publicApi(baseUrl, key).GET('/campaigns', { params: { query: { running: 'true' } } });
  if (error) throw new Error(error.reason);
  return data.response.map((campaign) => campaign.name);
}

export async function todaysReport(baseUrl: string, key: string) {
  const { data } = await publicApi(baseUrl, key).GET('/reports');
  // @ts-expect-error the document types the answer: a report is not a string.
  const wrong: string = data?.response;
  return wrong;
}

// @ts-expect-error a session-only endpoint (the API keys themselves) is not in the public document.
export const keys = (baseUrl: string, key: string) => publicApi(baseUrl, key).GET('/user/apiKeys');

/** Money is an exact decimal string: the generated type says string, never number. */
export async function balanceOf(baseUrl: string, key: string): Promise<string> {
  const { data, error } = await publicApi(baseUrl, key).GET('/user');
  if (error) throw new Error(error.reason);
  return data.response.balance;
}

export async function balanceAsNumber(baseUrl: string, key: string): Promise<number> {
  const { data } = await publicApi(baseUrl, key).GET('/user');
  // @ts-expect-error an amount is not a number that a float parser would round.
  return data?.response.balance ?? 0;
}
`;

let app: TestApp;
let baseUrl: string;
let dir: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(path.join(cache, 'openapi-client-'));
  // A shared CI machine under load can take a minute to build the app.
}, 240_000);
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('a client generated from the public document', () => {
  it('typechecks against the generated types', async () => {
    const { v1 } = await buildApiDocuments({ productName: 'Cryptads' });
    const types = astToString(await openapiTS(v1 as never));
    expect(types).toMatch(/["']\/campaigns["']: \{/);
    writeFileSync(path.join(dir, 'v1.ts'), types);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    // The check can fail: a call the document does not allow is an error.
    writeFileSync(
      path.join(dir, 'wrong.ts'),
      `${CLIENT}\nexport const nope = (b: string) => publicApi(b, 'k').GET('/nope');\n`,
    );
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'es2023',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2023', 'dom'],
      types: [],
      skipLibCheck: true,
    };
    const tsc = (file: string) => {
      const config = path.join(dir, `tsconfig.${file}.json`);
      writeFileSync(config, JSON.stringify({ compilerOptions, files: [`${file}.ts`] }));
      return run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', config]).then(
        ({ stdout, stderr }) => ({ status: 0, output: stdout + stderr }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({
          status: error.code ?? 1,
          output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
        }),
      );
    };
    const [good, wrong] = await Promise.all([tsc('client'), tsc('wrong')]);
    expect(good).toEqual({ status: 0, output: '' });
    expect(wrong.status).not.toBe(0);
    // The error is on the added line, the one after CLIENT's last line and a blank one.
    expect(wrong.output).toContain(`wrong.ts(${CLIENT.split('\n').length + 1},`);
    // About 10 s on an idle machine (two tsc runs side by side); a loaded CI machine takes longer.
  }, 120_000);

  it('reads an advertiser\'s balance exactly through /api/v1/user: 2499.95725 €, as the string "2499.95725"', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    await depositFor(app, advertiser.user.id, 2_499_957_250n);
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: advertiser.headers,
      payload: { name: 'balance', scopes: ['billing:read'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { key } = body<{ key: string }>(created).response;
    const client = createClient({ baseUrl: `${baseUrl}/api/v1`, headers: { authorization: `Bearer ${key}` } });
    const answer = await (client.GET as (path: string) => Promise<{ response: Response; data?: unknown }>)('/user');
    expect(answer.response.status).toBe(200);
    // The bytes on the wire, and what a JSON parser makes of them: no float anywhere.
    expect((answer.data as { response: { balance: unknown } }).response.balance).toBe('2499.95725');
    // The dashboard's own API keeps its number of euros, rounded for display.
    const dashboard = await app.inject({ method: 'GET', url: '/api/user', headers: advertiser.headers });
    expect(body<{ balance: number }>(dashboard).response.balance).toBe(2499.96);
  });

  it('calls the listening server: 200 with a bearer, 401 in the envelope without', async () => {
    // The types were generated at run time: here the paths are untyped.
    type Get = (path: string) => Promise<{ response: Response; data?: unknown; error?: unknown }>;
    const get = (client: { GET: unknown }) => client.GET as Get;
    const advertiser = await loginAs(app, 'advertiser');
    const client = createClient({
      baseUrl: `${baseUrl}/api`,
      headers: { authorization: `Bearer ${advertiser.token}` },
    });
    const listed = await get(client)('/campaigns');
    expect(listed.response.status).toBe(200);
    expect(listed.data).toEqual({ code: 200, response: [], reason: null });

    const anonymous = createClient({ baseUrl: `${baseUrl}/api` });
    const refused = await get(anonymous)('/campaigns');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 401, response: null });
  });
});
