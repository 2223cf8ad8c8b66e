import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_KEY_PATTERN, type Storage } from './port';

/** Files under `dir` (DATA_DIR/uploads). Only server-generated keys reach the file system. */
export function createLocalStorage(dir: string, keyPattern: RegExp = STORAGE_KEY_PATTERN): Storage {
  const fileOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error('invalid storage key');
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      // 'wx': a key is written once; a collision of random keys fails loudly.
      await writeFile(file, bytes, { flag: 'wx' });
    },
    async get(key) {
      if (!keyPattern.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
