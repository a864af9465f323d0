import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extract } from 'tar';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Manifest } from '../src/backup/types';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { fileForm } from './helpers/files';
import { createInstallation, freePort, localFile, runBackupCommand, sha256, type Installation } from './helpers/installation';
import { uniqueCpf } from './helpers/users';

/**
 * `npm run backup` while the app takes writes, then `npm run restore` into the wiped installation
 * (docs/deploy.md "Backup and restore"): on the run's database engine (SQLite, or PostgreSQL under
 * `npm run test:pg`), with files on the local disk and, on SQLite, in an S3 bucket (s3rver).
 */

const tmps: string[] = [];
afterAll(() => {
  for (const t of tmps) rmSync(t, { recursive: true, force: true });
});

/** Where the installation's files are, as the test reads and wipes them. */
interface Storage {
  env: Record<string, string>;
  read(name: string): Promise<Buffer | null>;
  list(): Promise<string[]>;
  wipe(): Promise<void>;
  close(): Promise<void>;
}

function localStorage(tmp: string, name: string): Storage {
  const dir = path.join(tmp, `${name}-public`);
  return {
    env: {},
    read: async (file) => localFile(dir, file),
    list: async () => readdirSync(path.join(dir, 'uploads')),
    wipe: async () => undefined, // Installation.wipe empties the folder
    close: async () => undefined,
  };
}

async function bucketStorage(tmp: string): Promise<Storage> {
  const S3rver = createRequire(import.meta.url)('s3rver');
  const port = await freePort();
  const bucket = 'balcao-backup';
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: bucket }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const list = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key as string);
  return {
    env: { UPLOAD_PROVIDER: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async read(name) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
        return Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
      } catch {
        return null;
      }
    },
    list,
    async wipe() {
      for (const key of await list()) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    close: () => server.close(),
  };
}

async function call(inst: Installation, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${inst.origin}/api${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body instanceof FormData || !body ? {} : { 'Content-Type': 'application/json' }) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function adminToken(inst: Installation): Promise<string> {
  const res = await call(inst, 'POST', '/auth/local', undefined, { identifier: LOGINS.admin, password: SEED_PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.body.jwt;
}

/** One write of the loop: even i creates customer `Backup <run> <i>`, odd i uploads `backup-<run>-<i>.pdf` (unique bytes). */
interface Write {
  i: number;
  acked: boolean;
  sha256?: string;
  file?: { documentId: string; url: string };
}

/** Writes one after the other until `stop()`; errors are collected, never thrown (the loop is awaited later). */
async function writeLoop(inst: Installation, token: string, run: string, writes: Write[], errors: string[], stop: () => boolean) {
  for (let i = 0; !stop(); i += 1) {
    const w: Write = { i, acked: false };
    writes.push(w);
    try {
      if (i % 2 === 0) {
        const res = await call(inst, 'POST', '/customers', token, { data: { name: `Backup ${run} ${i}`, cpf_cnpj: uniqueCpf() } });
        if (res.status !== 201) throw new Error(`customer ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      } else {
        const bytes = Buffer.from(`%PDF-1.4\n% ${run} ${i} ${Math.random()}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
        const res = await call(inst, 'POST', '/upload', token, fileForm(`backup-${run}-${i}.pdf`, bytes, 'application/pdf'));
        if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${JSON.stringify(res.body)}`);
        w.sha256 = sha256(bytes);
        w.file = { documentId: res.body[0].documentId, url: res.body[0].url };
      }
      w.acked = true;
    } catch (e) {
      errors.push((e as Error).message);
      return;
    }
  }
}

async function until(check: () => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function roundTrip(kind: 'local' | 's3') {
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-backup-test-'));
  tmps.push(tmp);
  const name = `backup_${kind}`;
  const storage = kind === 's3' ? await bucketStorage(tmp) : localStorage(tmp, name);
  const inst = await createInstallation(tmp, name, storage.env);
  try {
    await inst.start(); // seeds the demo data and its uploaded files
    const token = await adminToken(inst);
    const run = Date.now().toString(36);
    const writes: Write[] = [];
    const errors: string[] = [];
    let stopped = false;
    const loop = writeLoop(inst, token, run, writes, errors, () => stopped);
    const acked = () => writes.filter((w) => w.acked).length;

    await until(() => acked() >= 6 || errors.length > 0);
    const ackedBefore = acked();
    const archive = path.join(tmp, 'archives', 'backup.tar.gz');
    const backup = await runBackupCommand('create', ['--out', archive], inst.env);
    const startedAfter = writes.length; // writes from this index on began after the backup had finished
    await until(() => acked() >= startedAfter + 2 || errors.length > 0);
    stopped = true;
    await loop;
    expect(errors).toEqual([]);
    expect(backup.code, backup.output).toBe(0);
    expect(ackedBefore).toBeGreaterThanOrEqual(6);

    const unpacked = path.join(tmp, 'unpacked');
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked);
    await extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    const configuration = JSON.parse(readFileSync(path.join(unpacked, 'configuration.json'), 'utf8'));
    expect(manifest.database.client).toBe(inject('database').client);
    expect(manifest.uploads.storage).toBe(kind);
    expect(manifest.uploads.missing).toEqual([]);
    expect(configuration.secretsSet).toEqual(expect.arrayContaining(['JWT_SECRET', 'APP_KEYS', 'FILE_SIGNING_SECRET']));
    expect(JSON.stringify(configuration)).not.toContain(process.env.JWT_SECRET as string);
    expect(Object.keys(manifest.database.tables)).toEqual(
      expect.arrayContaining(['customers', 'files', 'files_related_mph', 'up_users', 'up_roles', 'up_permissions', 'idempotency_keys', 'sales_orders']),
    );

    // A populated installation is not overwritten without --force.
    const refused = await runBackupCommand('restore', [archive], inst.env);
    expect(refused.code, refused.output).toBe(2);
    expect(refused.output).toContain('já tem dados');
    expect(refused.output).toContain('already has data');

    // Delete everything, then restore into the empty installation.
    await inst.stop();
    await inst.wipe();
    await storage.wipe();
    expect(await storage.list()).toEqual([]);
    const restored = await runBackupCommand('restore', [archive], inst.env);
    expect(restored.code, restored.output).toBe(0);

    // Every table as at the archive's moment (row count and sha256 of its rows).
    expect(await inst.tableSums()).toEqual(manifest.database.tables);

    // One moment: the loop's writes present are exactly its first k, all those acknowledged before the backup began
    // and none begun after it ended.
    const customers = await inst.rows<{ name: string }>(`SELECT name FROM customers WHERE name LIKE 'Backup ${run} %'`);
    const fileRows = await inst.rows<{ name: string; url: string }>('SELECT name, url FROM files');
    const present = [
      ...customers.map((c) => Number(c.name.split(' ')[2])),
      ...fileRows.filter((f) => f.name.startsWith(`backup-${run}-`)).map((f) => Number(f.name.slice(`backup-${run}-`.length, -'.pdf'.length))),
    ].sort((a, b) => a - b);
    expect(present).toEqual(present.map((_, i) => i));
    expect(present.length).toBeGreaterThanOrEqual(ackedBefore);
    expect(present.length).toBeLessThanOrEqual(startedAfter);

    // Every file row's file is back, byte-identical to the archive's moment (and to the bytes the loop sent).
    const sums = new Map(manifest.uploads.files.map((f) => [f.name, f.sha256]));
    expect(fileRows.length).toBeGreaterThan(present.length / 2); // the seed's files too
    for (const row of fileRows) {
      const bytes = await storage.read(row.url.slice('/uploads/'.length));
      expect(bytes, row.url).not.toBeNull();
      expect(sha256(bytes as Buffer), row.url).toBe(sums.get(row.url.slice('/uploads/'.length)));
    }
    const loopFiles = writes.filter((w) => w.file && present.includes(w.i));
    expect(loopFiles.length).toBeGreaterThan(0);
    for (const w of loopFiles) expect(sha256((await storage.read(w.file!.url.slice('/uploads/'.length))) as Buffer)).toBe(w.sha256);

    // The app starts on the restored state: sign-in, the records, a file through its signed URL.
    await inst.start();
    const again = await adminToken(inst);
    const list = await call(inst, 'GET', `/customers?filters[name][$startsWith]=${encodeURIComponent(`Backup ${run} `)}&pagination[pageSize]=100`, again);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBe(customers.length);
    const last = loopFiles[loopFiles.length - 1].file!;
    const signed = await call(inst, 'GET', `/document-types/get-signed-url?fileDocId=${last.documentId}&fileUrl=${encodeURIComponent(last.url)}`, again);
    expect(signed.status).toBe(200);
    const served = await fetch(`${inst.origin}${signed.body.data.signedUrl}`);
    expect(served.status).toBe(200);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(loopFiles[loopFiles.length - 1].sha256);
  } finally {
    await inst.stop();
    await storage.close();
  }
}

describe('backup and restore', () => {
  it('a backup taken during writes restores every row and file of one moment (files on the local disk)', () => roundTrip('local'), 600_000);

  it.runIf(inject('database').client === 'sqlite')('the same with files in an S3 bucket (s3rver)', () => roundTrip('s3'), 600_000);
});
