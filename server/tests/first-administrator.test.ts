import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { createInstallation, type Installation } from './helpers/installation';
import { uniqueCpf } from './helpers/users';

/**
 * An installation of its own (SEED_DEMO=false, docs/deploy.md step 5) has its first administrator
 * from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD and none of the demo logins, whose password
 * the README publishes; a later start keeps the password changed in the app.
 */

const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-first-admin-'));
let inst: Installation | undefined;
afterAll(async () => {
  await inst?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const cpf = uniqueCpf();
const signIn = (identifier: string, password: string) =>
  fetch(`${inst!.origin}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });

it('SEED_DEMO=false: the first administrator from ADMIN_*, no demo login; a restart keeps the changed password', async () => {
  inst = await createInstallation(tmp, 'first_admin', {
    SEED_DEMO: 'false',
    ADMIN_USERNAME: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    ADMIN_EMAIL: 'Dona@Exemplo.com.br',
    ADMIN_PASSWORD: 'primeira-senha-forte',
    ADMIN_NAME: 'Dona da Operação',
  });
  await inst.start();

  const first = await signIn(cpf, 'primeira-senha-forte');
  expect(first.status).toBe(200);
  const { jwt, user } = (await first.json()) as { jwt: string; user: { email: string; type: string; name: string } };
  expect(user).toMatchObject({ email: 'dona@exemplo.com.br', type: 'admin', name: 'Dona da Operação' });
  for (const identifier of Object.values(LOGINS)) expect((await signIn(identifier, SEED_PASSWORD)).status).toBe(400);
  const users = await inst.rows<{ n: number }>('SELECT COUNT(*) AS n FROM up_users');
  expect(Number(users[0].n)).toBe(1);

  const change = await fetch(`${inst.origin}/api/auth/change-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ currentPassword: 'primeira-senha-forte', password: 'segunda-senha-forte', passwordConfirmation: 'segunda-senha-forte' }),
  });
  expect(change.status).toBe(200);
  await inst.stop();
  await inst.start();
  expect((await signIn(cpf, 'primeira-senha-forte')).status).toBe(400);
  expect((await signIn(cpf, 'segunda-senha-forte')).status).toBe(200);
});
