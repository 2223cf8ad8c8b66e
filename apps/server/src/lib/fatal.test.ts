import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFatal, installFatalHandlers, redactSecrets } from './fatal';

describe('redactSecrets', () => {
  it('masks credentials in URLs and the configured secret values', () => {
    expect(redactSecrets('failed: postgres://user:p%40ss@db:5432/x and redis://:tok@r')).toBe(
      'failed: postgres://[redacted]@db:5432/x and redis://[redacted]@r',
    );
    expect(redactSecrets('key sk_live_1234567890 leaked', ['sk_live_1234567890', null, 'short'])).toBe(
      'key [redacted] leaked',
    );
    expect(describeFatal({ toString: () => 'x'.repeat(2000) }).message).toHaveLength(500);
  });
});

describe('installFatalHandlers', () => {
  const setup = () => {
    const proc = new EventEmitter();
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const shutdowns: number[] = [];
    const remove = installFatalHandlers(proc as never, {
      log: { fatal: (obj, msg) => logged.push({ obj, msg }) },
      shutdown: (code) => shutdowns.push(code),
      secrets: ['click-secret-0123456789'],
    });
    return { proc, logged, shutdowns, remove };
  };

  it('logs an unhandled rejection without its secrets and shuts down once with code 1', () => {
    const { proc, logged, shutdowns } = setup();
    proc.emit('unhandledRejection', new Error('query failed postgres://a:pw@h/db click-secret-0123456789'));
    proc.emit('uncaughtException', new TypeError('second one'));
    expect(shutdowns).toEqual([1]);
    expect(logged.map((l) => l.msg)).toEqual([
      'unhandledRejection: shutting down',
      'uncaughtException during shutdown',
    ]);
    const text = JSON.stringify(logged);
    expect(text).toContain('query failed postgres://[redacted]@h/db [redacted]');
    expect(text).not.toContain('pw@');
    expect(text).not.toContain('click-secret-0123456789');
  });

  it('does the same for an uncaught exception, and can be removed', () => {
    const { proc, logged, shutdowns, remove } = setup();
    proc.emit('uncaughtException', new RangeError('boom'));
    expect(shutdowns).toEqual([1]);
    expect(logged[0]?.obj).toMatchObject({ kind: 'uncaughtException', error: { type: 'RangeError', message: 'boom' } });
    remove();
    expect(proc.listenerCount('uncaughtException')).toBe(0);
    expect(proc.listenerCount('unhandledRejection')).toBe(0);
  });
});

/**
 * The real server (main.ts) in its own process, with an unhandled rejection fired into it.
 * The child runs on its own embedded database whatever the project: declared once, in the
 * PGlite project (not skipped in the PostgreSQL one: it would prove nothing more there).
 */
const describeOnce = process.env.TEST_DB_DRIVER === 'postgres' ? () => {} : describe;
describeOnce('the server process', () => {
  it('logs an unhandled rejection without the password, closes cleanly and exits with code 1', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-fatal-'));
    const serverDir = path.resolve(import.meta.dirname, '../..');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './src/testing/fatal-trigger.ts', 'src/main.ts'],
      {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'development',
          PORT: '0',
          DATA_DIR: dataDir,
          DEMO_SEED: 'off',
          DEMO_TRAFFIC: 'off',
          LOG_LEVEL: 'info',
          WEB_DIST: '/nonexistent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('is running at')) resolve();
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', () => reject(new Error(`server exited before listening:\n${output}`)));
      });
      child.kill('SIGUSR2');
      const code = await exited;
      expect(code).toBe(1);
      const lines = output.split('\n').filter((l) => l.startsWith('{'));
      const fatal = lines.map((l) => JSON.parse(l)).find((l) => l.kind === 'unhandledRejection');
      expect(fatal).toMatchObject({ level: 60, msg: 'unhandledRejection: shutting down' });
      expect(fatal.error.message).toBe('connection lost to postgres://[redacted]@db.internal:5432/ads');
      expect(output).not.toContain('hunter2-secret');
      // The clean path ran: the same shutdown as SIGTERM (server, delivery recorder, database).
      expect(output).toContain('"msg":"shutting down"');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
