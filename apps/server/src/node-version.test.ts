import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const child = spawn(
      process.execPath,
      ['--import', pretend, '--import', 'tsx', path.join(import.meta.dirname, 'start.ts')],
      {
        env: { ...process.env, PORT: '0', DATA_DIR: '/nonexistent-cryptads' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Cryptads needs Node 24.11 or later (Node 24 LTS), but this is Node 20.20.2.\n',
    });
  });
});
