import { expect } from 'vitest';
import { api } from './api';

/** A valid CPF not used before in this run. */
export const uniqueCpf = (() => {
  // Valid CPFs generated from a counter (check digits computed here, independent of the server code).
  let n = 200000000 + Math.floor(Math.random() * 500000000);
  return () => {
    const base = String(n++).padStart(9, '0').split('').map(Number);
    const dv = (digits: number[]) => {
      const sum = digits.reduce((s, d, i) => s + d * (digits.length + 1 - i), 0);
      const r = (sum * 10) % 11;
      return r === 10 ? 0 : r;
    };
    const d1 = dv(base);
    const d2 = dv([...base, d1]);
    return [...base, d1, d2].join('');
  };
})();

/** Numeric id of a state by its UF. */
export async function stateId(token: string, uf = 'SP') {
  const res = await api('GET', `/states?filters[abbreviation][$eq]=${uf}`, { token });
  return res.body.data[0].id as number;
}

/** Numeric id of a role by its type. */
export async function roleId(token: string, type: string) {
  const res = await api('GET', '/users-permissions/roles', { token });
  return res.body.roles.find((r: any) => r.type === type).id as number;
}

/** Creates a vendedor (or with `overrides`) as the administrator; password 'segredo1'. */
export async function createUser(adminToken: string, overrides: Record<string, unknown> = {}) {
  const username = uniqueCpf();
  const res = await api('POST', '/users', {
    token: adminToken,
    body: {
      data: {
        username,
        email: `u${username}@teste.local`,
        name: 'Usuário de Teste',
        password: 'segredo1',
        role: { connect: [{ id: await roleId(adminToken, 'vendedor') }] },
        address_state_id: { connect: [{ id: await stateId(adminToken) }] },
        provider: 'local',
        confirmed: true,
        type: 'salesman',
        ...overrides,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as number, username, password: 'segredo1', email: `u${username}@teste.local` };
}
