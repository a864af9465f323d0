import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from './create';
import { restoreBackup, RestoreRefused } from './restore';

/** `balcao-YYYYMMDD-HHMMSS.tar.gz` for `at` (UTC). */
export function archiveName(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}`;
  return `balcao-${day}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}.tar.gz`;
}

const USAGE = [
  'Uso / usage:',
  '  npm run backup [-- --out <arquivo.tar.gz | pasta>]     (padrão: BACKUP_DIR ou backups/ na raiz do projeto)',
  '  npm run restore -- <arquivo.tar.gz> [--force]',
].join('\n');

/**
 * `npm run backup` / `npm run restore` (server/scripts/backup.js calls this with the command and
 * its arguments). `serverDir` is server/ (the configuration's relative paths), `cwd` the folder the
 * operator ran npm in (relative archive paths). Returns the exit code: 0 done, 1 failed, 2 refused
 * or bad arguments. Messages in Portuguese, refusals also in English.
 */
export async function main(argv: string[], { serverDir, cwd }: { serverDir: string; cwd: string }): Promise<number> {
  const [command, ...rest] = argv;
  const parse = () => parseArgs({ args: rest, allowPositionals: true, options: { out: { type: 'string' }, force: { type: 'boolean' } } });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const log = (m: string) => console.log(`[${command}] ${m}`);
  const started = Date.now();
  try {
    if (command === 'create') {
      const dir = process.env.BACKUP_DIR ? path.resolve(cwd, process.env.BACKUP_DIR) : path.resolve(serverDir, '..', 'backups');
      const out = parsed.values.out ? path.resolve(cwd, parsed.values.out) : dir;
      const archive = out.endsWith('.tar.gz') ? out : path.join(out, archiveName(new Date()));
      const { manifest } = await createBackup({ vars: process.env, serverDir, archive, log });
      log(`pronto em ${((Date.now() - started) / 1000).toFixed(1)} s: ${archive} (momento ${manifest.createdAt})`);
      return manifest.uploads.missing.length ? 1 : 0;
    }
    if (command === 'restore') {
      const [archive] = parsed.positionals;
      if (!archive || parsed.positionals.length > 1) {
        console.error(USAGE);
        return 2;
      }
      const { manifest, configuration } = await restoreBackup({
        vars: process.env,
        serverDir,
        archive: path.resolve(cwd, archive),
        force: parsed.values.force,
        log,
      });
      log(`pronto em ${((Date.now() - started) / 1000).toFixed(1)} s: estado de ${manifest.createdAt}. Inicie o app (npm start).`);
      log(`configuração no momento do backup: ${JSON.stringify(configuration.values)}`);
      log(`segredos definidos então (mantenha os mesmos valores): ${configuration.secretsSet.join(', ') || 'nenhum'}`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (e) {
    console.error(`[${command}] ${e instanceof RestoreRefused ? '' : 'falhou: '}${(e as Error).message}`);
    return e instanceof RestoreRefused ? 2 : 1;
  }
}
