import path from 'node:path';
import type { FileChange, RowChange } from './fuzz-db';
import { OWNED, ownPerson, referable, readable, SCALAR_REFERENCES, UID, USER_FIXED, writable, type Party, type World } from './fuzz-truth';

/**
 * The scope oracles, on the ground truth of fuzz-truth.ts:
 * - reads: every record in a non-administrator's answer (found by its documentId at any depth) is
 *   readable by the caller, or is a user, company or file that a readable record of its own links
 *   (the seller of one's order, the dispatcher company of one's order, a dealership's logo); a user
 *   outside oneself and one's own people shows no contact field;
 * - writes: every row, link and stored file a batch of one non-administrator's requests changed is
 *   inside the caller's write scope, and every link it added points at a row the caller may name.
 *
 * The changes legitimately made outside the caller's scope, reviewed one by one:
 */
/** The `/auth` rate limiter's counters (koa2-ratelimit's store): every request to a limited route counts. */
export const ALLOWED_TABLES = new Set(['auth_rate_limits']);
/** The history (api::history-entry): each entry must follow from a change of the same batch by the caller. */
const HISTORY_TABLE = 'history_entries';
/**
 * The core store: the upload plugin's weekly metrics schedule (`plugin_upload_metrics`, a background task set a few
 * minutes after start, whichever batch runs then); forgot-password's stand-in write for an address without an
 * account (`plugin_balcao_forgot-password-decoy`, the same work for every address: docs/decisions.md).
 */
const ALLOWED_STORE_KEYS = new Set(['plugin_upload_metrics', 'plugin_balcao_forgot-password-decoy']);
/** The upload plugin files every content-API upload in its "API Uploads" folder (created on the first upload, whoever sends it). */
const ALLOWED_UIDS = new Set(['plugin::upload.folder']);
const ALLOWED_LINKS = new Set(['plugin::upload.file.folder', 'plugin::upload.folder.parent']);
/**
 * forgot-password writes a reset token on the account it names, whoever asks (spec 000 §4), with the
 * row's updated_at; the idempotency store keeps a row per key of the caller (checked: user_id = caller).
 */
export const ALLOWED_COLUMNS: Record<string, string[]> = { up_users: ['reset_password_token', 'updated_at'] };
/** Link-table columns that only order the links of one row (Strapi rewrites them when a sibling link is added). */
const ORDERING = /(_ord|^order)$/;
/** User fields shown only to oneself and one's own people (docs/decisions.md "What a caller sees of other users"). */
const CONTACT = [
  'username',
  'email',
  'phone_number',
  'address_street',
  'address_number',
  'address_postal_code',
  'birth_date',
  'password',
  'resetPasswordToken',
  'confirmationToken',
  'token_version',
];

const DIRECTORY = new Set<string>([UID.user, UID.company, UID.file]);

type Rec = { uid: string; id: number };
const either = (wb: World, wa: World, f: (w: World) => boolean) => f(wb) || f(wa);

/** Out-of-scope records in `body`, an answer to `p` (empty for administrators). Each: "uid#id why". */
export function readViolations(wb: World, wa: World, p: Party, body: unknown): string[] {
  if (p.kind === 'admin') return [];
  const out: string[] = [];
  const visit = (node: unknown, parent: Rec | null, depth: number) => {
    if (depth > 30 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, parent, depth + 1);
      return;
    }
    const obj = node as Record<string, unknown>;
    let rec: Rec | null = null;
    if (typeof obj.documentId === 'string') {
      const found = wb.docIndex.get(obj.documentId) ?? wa.docIndex.get(obj.documentId);
      if (found && (obj.id === undefined || Number(obj.id) === found.id)) rec = found;
    }
    if (rec) {
      const r = rec;
      const own = either(wb, wa, (w) => readable(w, p, r.uid, r.id));
      const through =
        parent !== null &&
        DIRECTORY.has(r.uid) &&
        (OWNED.has(parent.uid) || r.uid === UID.file) &&
        either(wb, wa, (w) => readable(w, p, parent.uid, parent.id) && w.linked(parent.uid, parent.id, r.uid, r.id));
      if (!own && !through) out.push(`${r.uid}#${r.id} not in the caller's scope${parent ? ` (under ${parent.uid}#${parent.id})` : ''}`);
      if (r.uid === UID.user && r.id !== p.me && !either(wb, wa, (w) => ownPerson(w, p, r.id))) {
        const shown = CONTACT.filter((k) => obj[k] !== undefined && obj[k] !== null);
        if (shown.length) out.push(`${r.uid}#${r.id} shows ${shown.join(', ')} to a caller outside its own people`);
      }
    }
    for (const v of Object.values(obj)) visit(v, rec ?? parent, depth + 1);
  };
  visit(body, null, 0);
  return out;
}

export interface WriteViolation {
  uid: string | null;
  id: number | null;
  message: string;
  /** another row the request's answer may name (the file of an attachment). */
  also?: { uid: string; id: number };
}

/** Stored file name → id of the file row that owns it (its url and its formats' urls). */
function fileOwners(w: World): Map<string, number> {
  const m = new Map<string, number>();
  for (const row of w.rows(UID.file)) {
    const names = [String(row.url ?? '')];
    try {
      const formats = typeof row.formats === 'string' ? JSON.parse(row.formats) : row.formats;
      for (const f of Object.values<any>(formats ?? {})) names.push(String(f?.url ?? ''));
    } catch {
      /* no formats */
    }
    for (const n of names) if (n) m.set(path.basename(n.split('?')[0]), Number(row.id));
  }
  return m;
}

/**
 * Changes of one non-administrator's batch that fall outside its scope. `wb`/`wa`: the worlds before
 * and after the batch; `changes`: diff(before, after).
 */
export function writeViolations(wb: World, wa: World, p: Party, changes: { rows: RowChange[]; files: FileChange[] }): WriteViolation[] {
  if (p.kind === 'admin') return [];
  const out: WriteViolation[] = [];
  const bad = (uid: string | null, id: number | null, message: string, also?: WriteViolation['also']) => out.push({ uid, id, message, also });
  const changed = new Set(changes.rows.map((c) => `${wb.uidOfTable(c.table) ?? wa.uidOfTable(c.table)}#${c.key}`));
  for (const c of changes.rows) {
    if (ALLOWED_TABLES.has(c.table)) continue;
    const row = (c.after ?? c.before)!;
    if (c.table === HISTORY_TABLE) {
      // history entries follow from the caller's own writes: added, never changed, by the caller, of a row the batch changed
      if (c.kind !== 'insert' || Number(row.user_id) !== p.me || !changed.has(`${String(row.content_type)}#${String(row.record_id)}`))
        bad(null, null, `history entry ${c.kind} (${String(row.content_type)}#${String(row.record_id)} by user ${String(row.user_id)})`);
      continue;
    }
    if (c.table === 'idempotency_keys') {
      if (c.kind === 'delete' || Number(row.user_id) !== p.me) bad(null, null, `idempotency key ${c.kind} of user ${String(row.user_id)}`);
      continue;
    }
    const uid = wb.uidOfTable(c.table) ?? wa.uidOfTable(c.table);
    if (uid && ALLOWED_UIDS.has(uid)) continue;
    if (uid === 'strapi::core-store' && ALLOWED_STORE_KEYS.has(String(row.key))) continue;
    if (uid) {
      const id = Number(c.key);
      const allowed = ALLOWED_COLUMNS[c.table];
      if (c.kind === 'update' && allowed && c.columns.every((col) => allowed.includes(col))) continue;
      const wasOk = c.kind === 'insert' || writable(wb, p, uid, id);
      const isOk = c.kind === 'delete' || writable(wa, p, uid, id);
      const what = `${c.kind === 'update' ? ` (${c.columns.join(', ')})` : ''}${row.key !== undefined ? ` (key ${String(row.key)})` : ''}`;
      if (!wasOk || !isOk) bad(uid, id, `${c.kind} of ${uid}#${id} outside the caller's write scope${what}`);
      const entity = wa.model.entities.find((e) => e.uid === uid);
      if (uid === UID.user && c.kind === 'update')
        for (const attr of USER_FIXED)
          if (entity?.columns[attr] && c.columns.includes(entity.columns[attr])) bad(uid, id, `user#${id} changed its own ${attr}`);
      for (const [attr, target] of Object.entries(SCALAR_REFERENCES[uid] ?? {})) {
        const col = entity?.columns[attr] ?? attr;
        const v = c.after?.[col];
        if (
          c.kind !== 'delete' &&
          v !== null &&
          v !== undefined &&
          (c.kind === 'insert' || c.columns.includes(col)) &&
          !referable(wb, wa, p, target, Number(v), 'manyToOne')
        )
          bad(uid, id, `${uid}#${id}.${attr} = ${String(v)} names ${target}#${String(v)} outside the caller's scope`);
      }
      continue;
    }
    const link = wa.model.links.find((l) => l.table === c.table);
    if (link) {
      if (ALLOWED_LINKS.has(`${link.ownerUid}.${link.attribute}`)) continue;
      if (c.kind === 'update' && c.columns.every((col) => ORDERING.test(col))) continue;
      const owner = Number(row[link.ownerColumn]);
      const target = Number(row[link.targetColumn]);
      const w = c.kind === 'delete' ? wb : wa;
      if (!writable(w, p, link.ownerUid, owner) && !(c.kind === 'delete' && !wa.row(link.ownerUid, owner) && writable(wb, p, link.ownerUid, owner)))
        bad(link.ownerUid, owner, `${c.kind} of link ${link.ownerUid}#${owner}.${link.attribute} → ${target} on a record outside the caller's write scope`);
      if (c.kind !== 'delete' && !referable(wb, wa, p, link.targetUid, target, link.relation))
        bad(link.ownerUid, owner, `${link.ownerUid}#${owner}.${link.attribute} now links ${link.targetUid}#${target}, outside the caller's scope`);
      if (link.ownerUid === UID.user && USER_FIXED.includes(link.attribute)) bad(UID.user, owner, `user#${owner} changed its own ${link.attribute}`);
      continue;
    }
    const morph = wa.model.morphs.find((m) => m.table === c.table);
    if (morph) {
      if (c.kind === 'update' && c.columns.every((col) => ORDERING.test(col))) continue;
      const file = Number(row[morph.fileColumn]);
      const rUid = String(row[morph.typeColumn]);
      // the stored id as it is: a record id written as text ("4.0", " 4") stays text in SQLite
      const rId = Number(row[morph.idColumn]);
      const rRaw = JSON.stringify(row[morph.idColumn]);
      const w = c.kind === 'delete' ? wb : wa;
      if (!writable(w, p, rUid, rId) && !(c.kind === 'delete' && !wa.row(rUid, rId)))
        bad(rUid, rId, `file#${file} ${c.kind === 'delete' ? 'detached from' : 'attached to'} ${rUid}#${rRaw}, outside the caller's write scope`, {
          uid: UID.file,
          id: file,
        });
      if (c.kind === 'insert') {
        if (!referable(wb, wa, p, UID.file, file, 'oneToOne')) bad(UID.file, file, `file#${file} of another user attached to ${rUid}#${rId}`);
        const elsewhere = wb.attachments().filter((a) => a.file === file && !(a.uid === rUid && a.id === rId));
        if (elsewhere.length) bad(UID.file, file, `file#${file}, attached to ${elsewhere[0].uid}#${elsewhere[0].id}, also attached to ${rUid}#${rId}`);
      }
      continue;
    }
    bad(null, null, `${c.kind} in table ${c.table} (${c.key}): no non-administrator request may change it`);
  }
  const owners = fileOwners(wb);
  for (const f of changes.files) {
    if (f.kind === 'insert') continue;
    const id = owners.get(f.name);
    if (id === undefined) bad(UID.file, null, `stored file ${f.name} (no file row) ${f.kind === 'delete' ? 'removed' : 'rewritten'}`);
    else if (!writable(wb, p, UID.file, id))
      bad(UID.file, id, `stored file ${f.name} of file#${id} ${f.kind === 'delete' ? 'removed' : 'rewritten'} (not the caller's upload)`);
  }
  return out;
}
