import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const STORED_NAME = /^[0-9a-f]{32}$/;

export interface ReceivedFile {
  /** Temporary path inside the storage (commit or discard it). */
  tempPath: string;
  size: number;
  sha256: string;
}

/**
 * Files on disk under generated names only (ARCHITECTURE.md §7): `<root>/<32 hex>`, outside any
 * web root. Uploads are written to `<root>/.incoming/` first and renamed into place, so a reader
 * never sees a partial file. The root may be a shared volume when several processes run; the
 * directories are created on the first upload.
 */
export function createFileStorage(root: string) {
  const incoming = path.join(root, '.incoming');
  let ready: Promise<unknown> | undefined;
  const ensureDirs = () =>
    (ready ??= mkdir(incoming, { recursive: true, mode: 0o700 }).catch((err) => {
      ready = undefined;
      throw err;
    }));

  const pathOf = (storedName: string) => {
    // Names are generated here; anything else is refused, so no path can leave the root.
    if (!STORED_NAME.test(storedName)) throw new Error(`invalid stored file name: ${storedName}`);
    return path.join(root, storedName);
  };

  return {
    root,

    newStoredName: () => randomBytes(16).toString('hex'),

    /**
     * Streams `source` into a temporary file, hashing and counting it; every chunk also goes to
     * `inspect` (content checks) before it is written. The temporary file is removed on failure.
     */
    async receive(source: Readable, inspect: (chunk: Buffer) => void = () => {}): Promise<ReceivedFile> {
      await ensureDirs();
      const tempPath = path.join(incoming, randomBytes(16).toString('hex'));
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          hash.update(chunk);
          try {
            inspect(chunk);
          } catch (err) {
            done(err as Error);
            return;
          }
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, tap, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(tempPath, { force: true });
        throw err;
      }
      return { tempPath, size, sha256: hash.digest('hex') };
    },

    /** Moves a received file to its stored name. */
    async commit(tempPath: string, storedName: string): Promise<void> {
      await rename(tempPath, pathOf(storedName));
    },

    async discard(tempPath: string): Promise<void> {
      await rm(tempPath, { force: true });
    },

    async remove(storedName: string): Promise<void> {
      await rm(pathOf(storedName), { force: true });
    },

    /** A read stream of a stored file and its size; rejects when the file is missing. */
    async open(storedName: string): Promise<{ stream: Readable; size: number }> {
      const file = pathOf(storedName);
      const info = await stat(file);
      return { stream: createReadStream(file), size: info.size };
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;
