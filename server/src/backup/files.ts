import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, createWriteStream, existsSync, linkSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { s3ClientOptions } from '../utils/object-storage';
import type { FileStorage } from './settings';
import type { FileRow } from './types';

/**
 * The stored files of an installation, on the local disk (PUBLIC_DIR/uploads) or in the private
 * bucket through the AWS SDK the upload provider uses (utils/object-storage.ts). Names are the part
 * of a file's url after `/uploads/` (the object key in the bucket).
 */
export interface FileStore {
  /** Copies every file present now into `dir` (same names); returns how many. */
  stageAll(dir: string): Promise<number>;
  /** Copies file `name` to `dest`; false when it does not exist. */
  fetch(name: string, dest: string): Promise<boolean>;
  /** Stores the local file `src` as `name` (content type `type` in a bucket). */
  put(name: string, src: string, type: string | null): Promise<void>;
}

/** A stored file's name as the upload plugin writes it (no folder, no `..`): anything else is refused. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The stored files the rows name (url and every format's url under /uploads/), sorted, each once. */
export function fileNamesOf(rows: FileRow[]): string[] {
  const names = new Set<string>();
  const add = (url: unknown) => {
    if (typeof url !== 'string' || !url.startsWith('/uploads/')) return;
    const name = url.slice('/uploads/'.length).split('?')[0];
    if (!NAME.test(name)) throw new Error(`Nome de arquivo inesperado na tabela files: ${url}`);
    names.add(name);
  };
  for (const row of rows) {
    add(row.url);
    const formats = typeof row.formats === 'string' ? (JSON.parse(row.formats) as unknown) : row.formats;
    if (formats && typeof formats === 'object') for (const f of Object.values(formats)) add((f as { url?: unknown } | null)?.url);
  }
  return [...names].sort();
}

/** sha256 (hex) and size of the file at `file`. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { sha256: hash.digest('hex'), size: statSync(file).size };
}

/** A hard link of `src` at `dest` (no bytes copied), or a copy across file systems. */
function linkOrCopy(src: string, dest: string): void {
  try {
    linkSync(src, dest);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV' && (e as NodeJS.ErrnoException).code !== 'EPERM') throw e;
    copyFileSync(src, dest);
  }
}

function localStore(dir: string): FileStore {
  return {
    async stageAll(to) {
      if (!existsSync(dir)) return 0;
      let n = 0;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isFile() || !NAME.test(entry.name)) continue;
        linkOrCopy(path.join(dir, entry.name), path.join(to, entry.name));
        n += 1;
      }
      return n;
    },
    async fetch(name, dest) {
      const src = path.join(dir, name);
      if (!existsSync(src)) return false;
      linkOrCopy(src, dest);
      return true;
    },
    async put(name, src) {
      mkdirSync(dir, { recursive: true });
      copyFileSync(src, path.join(dir, name));
    },
  };
}

async function s3Store(storage: Extract<FileStorage, { kind: 's3' }>): Promise<FileStore> {
  const { S3Client, GetObjectCommand, PutObjectCommand, paginateListObjectsV2 } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client(s3ClientOptions(storage.settings));
  const Bucket = storage.settings.bucket;
  const fetch = async (name: string, dest: string) => {
    try {
      const res = await s3.send(new GetObjectCommand({ Bucket, Key: name }));
      await pipeline(res.Body as Readable, createWriteStream(dest));
      return true;
    } catch (e) {
      const err = e as { name?: string; $metadata?: { httpStatusCode?: number } } | null; // an AWS SDK service error
      if (err?.name === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404) return false;
      throw e;
    }
  };
  return {
    async stageAll(to) {
      let n = 0;
      for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key || !NAME.test(object.Key)) continue;
          if (await fetch(object.Key, path.join(to, object.Key))) n += 1;
        }
      }
      return n;
    },
    fetch,
    async put(name, src, type) {
      await s3.send(
        new PutObjectCommand({ Bucket, Key: name, Body: createReadStream(src), ContentLength: statSync(src).size, ContentType: type ?? undefined }),
      );
    },
  };
}

/** The file store of `storage`. The AWS SDK is loaded only for a bucket. */
export async function openFileStore(storage: FileStorage): Promise<FileStore> {
  return storage.kind === 's3' ? s3Store(storage) : localStore(storage.dir);
}
