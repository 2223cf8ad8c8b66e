import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requiredNode, unsupportedNodeMessage } from './node-version';

describe('unsupportedNodeMessage', () => {
  it('names the version needed and the version found when Node is older', () => {
    expect(unsupportedNodeMessage('20.20.2', '24.11')).toBe(
      'Cryptads needs Node 24.11 or later (Node 24 LTS), but this is Node 20.20.2.',
    );
    expect(unsupportedNodeMessage('v24.10.9', '24.11')).toBe(
      'Cryptads needs Node 24.11 or later (Node 24 LTS), but this is Node 24.10.9.',
    );
  });

  it('accepts the minimum and anything later', () => {
    for (const version of ['24.11.0', 'v24.21.0', '25.0.0', '100.1.1']) {
      expect(unsupportedNodeMessage(version, '24.11')).toBeUndefined();
    }
  });

  it('reads the minimum from the package.json engines field', () => {
    expect(requiredNode()).toBe('24.11');
  });
});

describe('the server entry (start.ts)', () => {
  it('refuses an older Node with that one sentence before loading the server', async () => {
    // The running Node pretends to be 20.20.2: the version on which loading main.ts fails.
    const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})`;
    // Were the server to start anyway, it writes here, and nowhere that outlives the test.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cryptads-node-version-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const child = spawn(
      process.execPath,
      ['--import', pretend, '--import', 'tsx', path.join(import.meta.dirname, 'start.ts')],
      {
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // A server that starts anyway is stopped: the test then fails on what it printed, and leaves
    // no server running behind it.
    const code = await new Promise((resolve) => {
      const deadline = setTimeout(() => {
        child.kill();
        resolve('still running after 20 s');
      }, 20_000);
      child.on('exit', (exitCode) => {
        clearTimeout(deadline);
        resolve(exitCode);
      });
    });
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Cryptads needs Node 24.11 or later (Node 24 LTS), but this is Node 20.20.2.\n',
    });
  });
});
