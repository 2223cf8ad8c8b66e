import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiDocuments } from './openapi';

/**
 * A client generated from /api/v1/openapi.json typechecks: openapi-typescript writes the types,
 * a small openapi-fetch client typechecks against them (tsc, strict), and a call the document
 * does not allow is an error. No app and no database: the document is built from the routes'
 * schemas, so this runs once (server-pglite); generated-client.test.ts calls the listening
 * server with such a client, on both drivers.
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

let dir: string;
beforeAll(() => {
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(path.join(cache, 'openapi-client-'));
});
afterAll(() => {
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
});
