import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pgTool, postgresBin } from './cluster';

/**
 * What deploy-guide.test.ts needs to run docs/deploy.md "Install, step by step" as written: the
 * guide's fenced blocks, a bash runner that keeps the shell's state from block to block, and a
 * stand-in for systemd that starts a process from an installed unit file.
 */

/** A fenced block of the guide: `sh` (run by the test) or `sh manual [tag]` (shown only; the tag names the test's equivalent). */
export interface GuideBlock {
  kind: 'run' | 'manual';
  tag: string;
  code: string;
  /** 1-based line of the opening fence in docs/deploy.md. */
  line: number;
  /** The step it belongs to: the `### ` heading above it. */
  step: string;
}

/**
 * The `sh` blocks of the section `## Install, step by step` of `markdown`, in order (other
 * languages are illustrations and are skipped). Throws when the section or its blocks are missing.
 */
export function guideBlocks(markdown: string): GuideBlock[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('## Install, step by step'));
  if (start < 0) throw new Error('docs/deploy.md has no "## Install, step by step" section');
  const blocks: GuideBlock[] = [];
  let open: { info: string[]; line: number; body: string[] } | null = null;
  let step = '';
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i];
    if (!open && l.startsWith('## ')) break;
    if (!open && l.startsWith('### ')) step = l.slice(4);
    if (!open && l.startsWith('```')) {
      open = { info: l.slice(3).trim().split(/\s+/), line: i + 1, body: [] };
    } else if (open && l.startsWith('```')) {
      if (open.info[0] === 'sh') {
        const manual = open.info[1] === 'manual';
        blocks.push({ kind: manual ? 'manual' : 'run', tag: manual ? (open.info[2] ?? '') : '', code: open.body.join('\n'), line: open.line, step });
      }
      open = null;
    } else if (open) {
      open.body.push(l);
    }
  }
  if (!blocks.some((b) => b.kind === 'run')) throw new Error('the guide has no runnable sh block');
  return blocks;
}

/**
 * Runs one segment of the guide (consecutive runnable blocks) with bash, as the operator's one shell
 * session: the variables and functions the previous segments left (in `stateFile`) are loaded
 * first, and this segment's are saved there at its end. Output goes to `logFile`.
 * Resolves with bash's exit code; a failing command stops the segment (errexit) and names its block.
 */
export function runSegment(blocks: GuideBlock[], stateFile: string, logFile: string, env: Record<string, string>): Promise<number> {
  const script = [
    'set -Eeo pipefail',
    `[ -f '${stateFile}' ] && . '${stateFile}'`,
    `trap 'echo "[guide] failed: block of docs/deploy.md line $GUIDE_BLOCK, command on line $LINENO of the segment" >&2' ERR`,
    ...blocks.flatMap((b) => [`GUIDE_BLOCK=${b.line}`, `echo "[guide] block at docs/deploy.md:${b.line}"`, b.code]),
    `{ declare -p | grep -v -E '^declare -[^ ]*r' ; declare -f; } > '${stateFile}'`,
  ].join('\n');
  const fd = openSync(logFile, 'a');
  const child = spawn('bash', ['-c', script], { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

/** The settings of a systemd unit file that say what runs (values as written, repeated keys in order). */
export interface UnitFile {
  workingDirectory?: string;
  environmentFiles: string[];
  environment: Record<string, string>;
  execStartPre: string[];
  execStart: string;
  restart?: string;
  user?: string;
}

/** Parses `[Service]` of a unit; `%i` is replaced by `instance`. Throws when ExecStart is missing. */
export function parseUnit(text: string, instance = ''): UnitFile {
  const unit: UnitFile = { environmentFiles: [], environment: {}, execStartPre: [], execStart: '' };
  let section = '';
  for (const raw of text.split('\n')) {
    const l = raw.trim();
    if (!l || l.startsWith('#')) continue;
    if (l.startsWith('[')) {
      section = l;
      continue;
    }
    if (section !== '[Service]') continue;
    const eq = l.indexOf('=');
    const key = l.slice(0, eq);
    const value = l.slice(eq + 1).replaceAll('%i', instance);
    if (key === 'WorkingDirectory') unit.workingDirectory = value;
    else if (key === 'EnvironmentFile') unit.environmentFiles.push(value);
    else if (key === 'Environment') {
      const [k, ...v] = value.split('=');
      unit.environment[k] = v.join('=');
    } else if (key === 'ExecStartPre') unit.execStartPre.push(value);
    else if (key === 'ExecStart') unit.execStart = value;
    else if (key === 'Restart') unit.restart = value;
    else if (key === 'User') unit.user = value;
  }
  if (!unit.execStart) throw new Error('unit without ExecStart');
  return unit;
}

/** KEY=VALUE lines of an environment file (systemd's EnvironmentFile=; `-path` may be missing). */
export function readEnvFile(file: string): Record<string, string> {
  const optional = file.startsWith('-');
  const name = optional ? file.slice(1) : file;
  let text = '';
  try {
    text = readFileSync(name, 'utf8');
  } catch (error) {
    if (optional) return {};
    throw error;
  }
  const env: Record<string, string> = {};
  for (const l of text.split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(l);
    if (m) env[m[1]] = m[2];
  }
  return env;
}

/** The PATH systemd gives services on Debian. */
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The environment a unit's processes get: systemd's PATH, its EnvironmentFile(s) in order, then Environment=. */
export function unitEnv(unit: UnitFile): Record<string, string> {
  return Object.assign({ PATH: SYSTEMD_PATH }, ...unit.environmentFiles.map(readEnvFile), unit.environment);
}

/**
 * Starts a unit's process as systemd would (not its User=): each ExecStartPre must exit 0, then
 * ExecStart runs detached in WorkingDirectory with unitEnv, its output appended to `<tmp>/logs/<name>.log`
 * and its PID written to `<tmp>/pids/<name>` (cluster.ts's stopAll stops it). Returns its PID.
 */
export function playUnit(unit: UnitFile, tmp: string, name: string): number {
  const env = unitEnv(unit);
  const argv = (line: string) => line.split(/\s+/).filter(Boolean);
  for (const pre of unit.execStartPre) {
    const [cmd, ...args] = argv(pre);
    const res = spawnSync(cmd, args, { cwd: unit.workingDirectory, env, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`ExecStartPre ${pre} failed: ${res.stderr}${res.stdout}`);
  }
  mkdirSync(path.join(tmp, 'logs'), { recursive: true });
  mkdirSync(path.join(tmp, 'pids'), { recursive: true });
  const fd = openSync(path.join(tmp, 'logs', `${name}.log`), 'a');
  const [cmd, ...args] = argv(unit.execStart);
  const child = spawn(cmd, args, { cwd: unit.workingDirectory, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  writeFileSync(path.join(tmp, 'pids', name), String(child.pid));
  return child.pid ?? 0;
}

/**
 * A throw-away PostgreSQL cluster as a real one is set up: the superuser `postgres` signs in over
 * the Unix socket in `<dir>` without a password, every TCP connection needs one (scram-sha-256),
 * so the guide's role password is really checked. No database besides the defaults. Returns the
 * superuser's psql command line and the stop function.
 */
export function startPostgresWithPasswords(dir: string, port: number): { psqlAdmin: string; stop: () => void } {
  const bin = postgresBin();
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    if (spawnSync('id', ['postgres']).status !== 0) spawnSync('useradd', ['--system', '--home', '/var/lib/postgresql', 'postgres']);
    spawnSync('chown', ['postgres', dir]);
  }
  pgTool(bin, 'initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  pgTool(bin, 'pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/pg.log`, '-w', '-o', opts, 'start']);
  return {
    psqlAdmin: `psql -h ${dir} -p ${port} -U postgres -d postgres`,
    stop: () => {
      try {
        pgTool(bin, 'pg_ctl', ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      } catch {
        /* already stopped */
      }
    },
  };
}
