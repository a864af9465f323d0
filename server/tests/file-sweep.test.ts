import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import { api, login } from './helpers/api';
import { anOrder, get } from './helpers/business';
import { fileForm, SAMPLES } from './helpers/files';

/**
 * Uploaded files that were never attached are removed after a documented time
 * (docs/decisions.md "Unattached uploads are swept"; UNATTACHED_FILE_TTL_HOURS, default 24 h). The test
 * harness runs the sweep every 3 s (UNATTACHED_FILE_SWEEP_RULE); the API cannot age a file, so
 * the test backdates `files.created_at` straight in the test database (SQLite or PostgreSQL).
 */
const require = createRequire(import.meta.url);

async function backdate(fileIds: number[], hours: number): Promise<void> {
  const db = inject('database');
  const when = new Date(Date.now() - hours * 3600_000);
  if (db.client === 'sqlite') {
    const Database = require('better-sqlite3');
    const conn = new Database(db.filename);
    try {
      conn.pragma('busy_timeout = 5000');
      const stmt = conn.prepare('UPDATE files SET created_at = ? WHERE id = ?');
      for (const id of fileIds) stmt.run(when.getTime(), id);
    } finally {
      conn.close();
    }
  } else {
    const { Client } = require('pg');
    const conn = new Client({ host: db.host, port: db.port, database: db.database, user: db.user, password: db.password });
    await conn.connect();
    try {
      await conn.query('UPDATE files SET created_at = $1 WHERE id = ANY($2::int[])', [when, fileIds]);
    } finally {
      await conn.end();
    }
  }
}

async function upload(token: string, name: string) {
  const res = await api('POST', '/upload', { token, body: fileForm(name, SAMPLES.pdf, 'application/pdf') });
  expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(201);
  return res.body[0];
}

const fileStatus = async (token: string, id: number) => (await api('GET', `/upload/files/${id}`, { token })).status;
/** Waits until a sweep has deleted file `id` (its row answers 404); fails after 60 s. */
const swept = (token: string, id: number) => expect.poll(() => fileStatus(token, id), { timeout: 60_000, intervals: [500] }).toBe(404);

describe('unattached uploads are swept', () => {
  it('a file attached nowhere for over 24 h is deleted (row and bytes); attached and recent files stay', { timeout: 90_000 }, async () => {
    const token = await login('admin');
    const stale = await upload(token, 'stale.pdf');
    const recent = await upload(token, 'recent.pdf');
    const attached = await upload(token, 'attached.pdf');
    const order = await anOrder('admin');
    const type = (await get('admin', '/document-types?pagination[pageSize]=1')).data[0];
    const doc = await api('POST', '/sales-order-documents', { token, body: { data: { sales_order: order.id, document_type: type.id, content: attached.id } } });
    expect(doc.status, JSON.stringify(doc.body).slice(0, 300)).toBe(201);

    const storedPath = path.join(inject('publicDir'), stale.url.split('?')[0]);
    expect(existsSync(storedPath), storedPath).toBe(true);

    await backdate([stale.id, attached.id], 25);
    await swept(token, stale.id);
    expect(existsSync(storedPath)).toBe(false);
    // a later sweep runs too (it takes a file made stale after the first was gone): the attached
    // (old) and the recent (unattached) file are still there
    const later = await upload(token, 'later.pdf');
    await backdate([later.id], 25);
    await swept(token, later.id);
    expect(await fileStatus(token, attached.id)).toBe(200);
    expect(await fileStatus(token, recent.id)).toBe(200);
    const kept = await api('GET', `/sales-order-documents/${doc.body.data.documentId}?populate=content`, { token });
    expect(kept.body.data.content.id).toBe(attached.id);
  });
});
