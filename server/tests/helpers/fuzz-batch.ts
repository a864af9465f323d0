import { diff } from './fuzz-db';
import type { Answer } from './fuzz-http';
import type { Finding, Oracle, Runner, Wire } from './fuzz-run';
import { readViolations, writeViolations } from './fuzz-scope';
import { compareRead, compareWrite, outcomeOf } from './fuzz-spelling';
import { CRASH_PATTERN, probe } from './fuzz-target';
import { STATEMENT_TIMEOUT_MESSAGE } from '../../src/middlewares/db-errors';
import type { FilterProbe } from './fuzz-probe';
import type { Batch, FuzzRequest } from './fuzz';

/**
 * One batch through every oracle. The batch is sent as one role: its writes first (each followed by
 * its respelt twin), then its reads (each canonical, then respelt, compared with no write in flight).
 * Then: liveness (the process runs, /_health answers, its log holds no unhandled rejection or uncaught
 * exception), status (no 5xx, no network error), scope (answers against the ground truth of the
 * worlds before and after; the database and stored files diffed), spelling, filter probes and
 * idempotent replays.
 */
export interface Sent {
  req: FuzzRequest;
  wire: Wire;
  answer: Answer;
  variant?: Answer;
}
export interface Tally {
  sent: number;
  checked: Record<Oracle, number>;
  histogram: Record<string, number>;
  findings: Finding[];
  /** (role, Idempotency-Key) → signatures answered first-hand, and the replayed answers to check. */
  keys: Map<string, { own: Set<string>; replays: Array<{ signature: string; describe: string; batch: number; coerced: boolean }> }>;
  restarts: number;
  /** Reads PostgreSQL cancelled at the statement time limit (a 503 that says so: db-errors.ts); not findings. */
  statementTimeouts: number;
  /** The first few of those reads (role and request), printed with the summary so a slow query can be looked at. */
  slowReads: string[];
  /** "METHOD /path" → status → count (canonical spellings). */
  routes: Record<string, Record<string, number>>;
}
/** An empty tally for a run. */
export const newTally = (): Tally => ({
  sent: 0,
  checked: { liveness: 0, status: 0, 'scope-read': 0, 'scope-write': 0, spelling: 0, values: 0, idempotency: 0 },
  histogram: {},
  findings: [],
  keys: new Map(),
  restarts: 0,
  statementTimeouts: 0,
  slowReads: [],
  routes: {},
});

/** Terminal colour codes of Strapi's log lines. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const json = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Rows of a probed list answer that have no linked row shown with the filtered field. `self`: the caller's
 * own user row in a users list, which it may read whole (with its role and state) through /users/me, so a
 * filter on it reveals nothing the caller cannot read.
 */
function unwitnessed(body: any, probe: FilterProbe, self: number | null): number {
  const rows: any[] = Array.isArray(body?.data) ? body.data : Array.isArray(body) ? body : [];
  return rows.filter((row) => {
    if (self !== null && row?.id === self) return false;
    let level: any[] = [row];
    for (const rel of probe.path) level = level.flatMap((v) => (Array.isArray(v?.[rel]) ? v[rel] : v?.[rel] ? [v[rel]] : []));
    return !level.some((v) => v?.[probe.field] !== undefined && v?.[probe.field] !== null);
  }).length;
}

/**
 * Sends `batch` and judges it with every oracle, adding to `tally` (findings carry `replay`, the command that
 * replays the run); starts the server again when it stopped. Throws only when the server cannot be started again.
 */
export async function runBatch(r: Runner, batch: Batch, tally: Tally, replay: string): Promise<void> {
  const restart = await check(r, batch, tally, replay);
  if (!restart) return;
  // a server that stopped is started again on the same database; what its start writes is the next batch's baseline
  tally.restarts++;
  await r.target.restart();
  r.tokens.clear();
  await r.refresh();
}

/** Sends the batch and applies every oracle; true when the server has to be started again. */
async function check(r: Runner, batch: Batch, tally: Tally, replay: string): Promise<boolean> {
  const wb = r.world;
  const party = r.party(batch.role, wb);
  const sent: Sent[] = [];
  const find = (oracle: Oracle, message: string, s?: Sent) =>
    tally.findings.push({
      oracle,
      batch: batch.index,
      role: batch.role,
      message,
      request: s ? `${s.wire.describe}\n  replay: ${replay} (batch ${batch.index})` : replay,
      coerced: !!s?.wire.coerced,
    });
  const one = async (req: FuzzRequest) => {
    if (!r.tokens.get(req.role) && req.role !== 'anonymous') await r.login(req.role);
    const wire = r.wire(req);
    const s: Sent = { req, wire, answer: await r.send(req.role, wire) };
    tally.sent++;
    if (wire.respelt) {
      s.variant = await r.send(req.role, wire, true);
      tally.sent++;
    }
    sent.push(s);
    // the twin: the same key and body with another query, once the request succeeded first-hand
    const first = s.answer.status < 300 && s.answer.headers['idempotent-replayed'] !== 'true';
    if (req.twinQuery && first) {
      const twin = r.wire({ ...req, query: req.twinQuery, spelling: null }, wire);
      if (twin.path !== wire.path) {
        sent.push({ req: { ...req, twinQuery: undefined, spelling: null }, wire: twin, answer: await r.send(req.role, twin) });
        tally.sent++;
      }
    }
    // FUZZ_TRACE=<text>: prints every request whose description contains it, with its answers
    if (process.env.FUZZ_TRACE && wire.describe.includes(process.env.FUZZ_TRACE))
      console.log(
        `[trace] ${wire.describe.slice(0, 600)}\n  → ${s.answer.status} ${s.answer.text.slice(0, 300)}${s.variant ? `\n  ${wire.respelt} → ${s.variant.status}` : ''}`,
      );
  };
  const pool = async (list: FuzzRequest[]) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: r.concurrency }, async () => {
        while (next < list.length) await one(list[next++]);
      }),
    );
  };
  // writes, then reads; requests that end the session (logout) last, so the rest of the batch keeps its token
  const ends = (q: FuzzRequest) => /\/auth\/logout/.test(q.route.path);
  await pool(batch.requests.filter((q) => q.route.method !== 'GET' && !ends(q)));
  await pool(batch.requests.filter((q) => q.route.method === 'GET'));
  await pool(batch.requests.filter(ends));

  // liveness
  const healthy = r.target.exited() === null && (await probe(`${r.target.origin}/_health`)) === 204;
  // a process that stopped answering is given 2 s to report its exit
  for (let i = 0; !healthy && r.target.exited() === null && i < 20; i++) await new Promise((ok) => setTimeout(ok, 100));
  const died = r.target.exited();
  const log = r.target.newLog().replace(ANSI, '');
  const crash = CRASH_PATTERN.exec(log);
  const dead = Boolean(died || crash || !healthy);
  tally.checked.liveness += sent.length;
  if (dead) {
    const lines = log.split('\n');
    const at = crash ? lines.findIndex((l) => CRASH_PATTERN.test(l)) : lines.length;
    // the error's own lines: from the last request line before it
    let from = at;
    while (from > 0 && !/ http: /.test(lines[from - 1])) from--;
    const before = lines
      .slice(0, from)
      .filter((l) => / http: /.test(l))
      .slice(-6)
      .join('\n    ');
    const excerpt = lines
      .slice(from, Math.max(at + 1, from + 1))
      .slice(0, 20)
      .join('\n    ');
    find(
      'liveness',
      `${died ?? (crash ? 'unhandled error in the log' : '/_health does not answer 204')}; last requests in the log:\n    ${before}\n  error:\n    ${excerpt}`,
    );
  }

  for (const s of sent) {
    const route = (tally.routes[`${s.req.route.method} ${s.req.route.path}`] ??= {});
    route[s.answer.status] = (route[s.answer.status] ?? 0) + 1;
    for (const [answer, label] of [
      [s.answer, ''],
      [s.variant, ` (respelt ${s.wire.respelt})`],
    ] as const) {
      if (!answer) continue;
      tally.histogram[answer.status] = (tally.histogram[answer.status] ?? 0) + 1;
      tally.checked.status++;
      if (s.wire.coerced) tally.checked.values++;
      // a read cancelled at PostgreSQL's statement time limit is the bounded answer the server gives on purpose
      if (answer.status === 503 && s.req.route.method === 'GET' && answer.text.includes(STATEMENT_TIMEOUT_MESSAGE)) {
        tally.statementTimeouts++;
        if (tally.slowReads.length < 5) tally.slowReads.push(`${s.req.role} ${s.wire.describe}`.slice(0, 4000));
      } else if (answer.status >= 500 || (answer.status === 0 && !dead && !answer.text.startsWith('client refused')))
        find('status', `${answer.status}${label}: ${answer.text.slice(0, 300)}`, s);
    }
    if (s.variant) {
      tally.checked.spelling++;
      const why =
        s.req.route.method === 'GET'
          ? compareRead(outcomeOf(s.answer.status, json(s.answer.text)), outcomeOf(s.variant.status, json(s.variant.text)))
          : compareWrite(s.answer.status, s.variant.status, json(s.answer.text));
      if (why) find('spelling', `${s.wire.respelt}: ${why}`, s);
    }
    if (s.req.idempotencyKey) {
      tally.checked.idempotency++;
      const k = `${s.req.role} ${s.req.idempotencyKey}`;
      const entry = tally.keys.get(k) ?? { own: new Set<string>(), replays: [] };
      tally.keys.set(k, entry);
      for (const a of [s.answer, s.variant]) {
        if (!a) continue;
        if (a.headers['idempotent-replayed'] === 'true')
          entry.replays.push({ signature: s.wire.signature, describe: s.wire.describe, batch: batch.index, coerced: s.wire.coerced });
        // a stored answer: anything but a server error and the statuses that release the key
        else if (a.status > 0 && a.status < 500 && ![401, 403, 408, 409, 429].includes(a.status)) entry.own.add(s.wire.signature);
      }
    }
  }

  // scope: the worlds before and after the batch, answers and changes
  const wa = await r.refresh();
  const changes = diff(wb.snap, wa.snap);
  for (const c of changes.rows) {
    const uid = wa.uidOfTable(c.table);
    if (uid && c.kind === 'insert') r.addCreated(uid, Number(c.key));
  }
  const restart = Boolean(died || !healthy);
  if (party.kind === 'admin') return restart;
  for (const s of sent) {
    if (/\/auth\//.test(s.req.route.path)) continue;
    for (const a of [s.answer, s.variant]) {
      if (!a || a.status >= 300) continue;
      tally.checked['scope-read']++;
      const body = json(a.text);
      for (const v of readViolations(wb, wa, party, body).slice(0, 3)) find('scope-read', a === s.variant ? `${v} (respelt ${s.wire.respelt})` : v, s);
      if (s.req.probe && a === s.answer) {
        const n = unwitnessed(body, s.req.probe, s.req.route.uid === 'plugin::users-permissions.user' ? party.me : null);
        if (n)
          find('scope-read', `filter on ${[...s.req.probe.path, s.req.probe.field].join('.')} matched ${n} row(s) the caller is not shown that field for`, s);
      }
    }
  }
  const writes = sent.filter((s) => s.req.route.method !== 'GET');
  tally.checked['scope-write'] += writes.length + writes.filter((s) => s.variant).length;
  for (const v of writeViolations(wb, wa, party, changes)) {
    const docOf = (uid: string | null, id: number | null) => (uid && id !== null ? String((wb.row(uid, id) ?? wa.row(uid, id))?.document_id ?? '') : '');
    const keys = [docOf(v.uid, v.id), docOf(v.also?.uid ?? null, v.also?.id ?? null)].filter(Boolean);
    const names = (a: Answer | undefined) =>
      a && a.status < 300 && (keys.some((k) => a.text.includes(k)) || (!keys.length && v.id !== null && new RegExp(`"id":${v.id}[,}]`).test(a.text)));
    const hit = writes.find((s) => names(s.answer) || names(s.variant));
    const how = hit && !names(hit.answer) ? ` (by the respelt ${hit.wire.respelt})` : '';
    const ok = writes.filter((s) => [s.answer, s.variant].some((a) => a && a.status < 300));
    find(
      'scope-write',
      hit
        ? `${v.message}${how}`
        : `${v.message} (one of the batch's ${ok.length} accepted writes: ${ok
            .slice(0, 3)
            .map((s) => s.wire.describe.slice(0, 200))
            .join(' | ')})`,
      hit,
    );
  }
  return restart;
}

/** Replayed answers whose key was first used by a different request (another path, query or body). */
export function idempotencyFindings(tally: Tally, replay: string): void {
  for (const [key, { own, replays }] of tally.keys) {
    for (const rp of replays) {
      if (own.has(rp.signature)) continue;
      const role = key.split(' ')[0] as Finding['role'];
      tally.findings.push({
        oracle: 'idempotency',
        batch: rp.batch,
        role,
        message: `answer replayed for a request that never got it first-hand (key ${key.split(' ')[1]}; first uses: ${[...own].slice(0, 2).join(' | ').slice(0, 300)})`,
        request: `${rp.describe}\n  replay: ${replay} (batch ${rp.batch})`,
        coerced: rp.coerced,
      });
    }
  }
}
