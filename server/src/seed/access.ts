import type { Core } from '@strapi/strapi';
import { isCpfOrCnpj, normalizeDocument } from '../utils/documents';
import { ROLE_PERMISSIONS, ROLE_PERMISSIONS_VERSION, SEEDED_ROLES } from './role-permissions';

const ROLE = 'plugin::users-permissions.role';
const PERMISSION = 'plugin::users-permissions.permission';
const USER = 'plugin::users-permissions.user';

/** The 27 federative units with their official names (IBGE). */
export const UFS: Array<[abbreviation: string, name: string]> = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AP', 'Amapá'],
  ['AM', 'Amazonas'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PR', 'Paraná'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'],
  ['SE', 'Sergipe'],
  ['TO', 'Tocantins'],
];

/** The four demo logins (README, docs/architecture.md). Password for all: SEED_PASSWORD. */
export const SEED_PASSWORD = 'Balcao@2026';
export const DEMO_USERS = [
  { username: '52998224725', email: 'admin@balcao.local', name: 'Administrador Balcão', type: 'admin', role: 'administrador', uf: 'SP' },
  { username: '11222333000181', email: 'despachante@balcao.local', name: 'Despachante Paulista Ltda', type: 'dispatcher', role: 'despachante', uf: 'SP' },
  {
    username: '45283095000136',
    email: 'concessionaria@balcao.local',
    name: 'Concessionária Avenida Veículos',
    type: 'company',
    role: 'concessionaria',
    uf: 'SP',
  },
  { username: '11144477735', email: 'vendedor@balcao.local', name: 'Vendedor Demonstração', type: 'salesman', role: 'vendedor', uf: 'SP' },
] as const;

/** Every content-API action uid that exists now (`api::x.y.z`, `plugin::x.y.z`). */
function existingActions(strapi: Core.Strapi): string[] {
  const tree = strapi.plugin('users-permissions').service('users-permissions').getActions() as Record<
    string,
    { controllers: Record<string, Record<string, unknown>> }
  >;
  const out: string[] = [];
  for (const [api, { controllers }] of Object.entries(tree)) {
    for (const [controller, actions] of Object.entries(controllers)) {
      for (const action of Object.keys(actions)) out.push(`${api}.${controller}.${action}`);
    }
  }
  return out;
}

/**
 * Makes the role's permission set equal to its map entry (only actions that exist).
 * Returns the number of actions granted.
 */
async function applyRolePermissions(strapi: Core.Strapi, roleId: number, roleType: string, all: string[]) {
  const wanted = ROLE_PERMISSIONS[roleType];
  const target = new Set(wanted === '*' ? all : wanted.filter((a) => all.includes(a)));
  const current: Array<{ id: number; action: string }> = await strapi.db
    .query(PERMISSION)
    .findMany({ where: { role: { id: roleId } }, select: ['id', 'action'] });
  const have = new Set(current.map((p) => p.action));
  for (const p of current) if (!target.has(p.action)) await strapi.db.query(PERMISSION).delete({ where: { id: p.id } });
  for (const action of target) if (!have.has(action)) await strapi.db.query(PERMISSION).create({ data: { action, role: roleId } });
  return target.size;
}

/**
 * Idempotent access seed: users-permissions advanced settings,
 * the 27 UFs, the four roles plus stock Authenticated/Public with their permissions
 * (seed/role-permissions.ts), and the four demo logins. Safe to run on every start.
 */
export async function seedAccess(strapi: Core.Strapi): Promise<void> {
  // users-permissions advanced settings: reset link into the PWA, unique e-mails, no self sign-up.
  const pluginStore = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = ((await pluginStore.get({ key: 'advanced' })) as Record<string, unknown>) ?? {};
  const pwaUrl = (process.env.PWA_URL ?? 'http://localhost:4173').replace(/\/$/, '');
  await pluginStore.set({
    key: 'advanced',
    value: {
      ...advanced,
      unique_email: true,
      allow_register: false,
      email_confirmation: false,
      email_reset_password: `${pwaUrl}/reset-password`,
      default_role: 'authenticated',
    },
  });

  // States (the 27 UFs).
  const states: Record<string, number> = {};
  for (const [abbreviation, name] of UFS) {
    const row: { id: number } | null = await strapi.db.query('api::state.state').findOne({ where: { abbreviation } });
    // a document's id is a number on every database we run (Strapi types it number | string)
    states[abbreviation] = row ? row.id : Number((await strapi.documents('api::state.state').create({ data: { abbreviation, name } })).id);
  }

  // Roles and their permissions; re-applied only when the map's version changes.
  const all = existingActions(strapi);
  const store = strapi.store({ type: 'plugin', name: 'balcao', key: 'role-permissions' });
  const applied = ((await store.get({})) as Record<string, number>) ?? {};
  const roleIds: Record<string, number> = {};
  const roleTypes = [...SEEDED_ROLES.map((r) => r.type), 'authenticated', 'public'];
  for (const type of roleTypes) {
    let role: { id: number } | null = await strapi.db.query(ROLE).findOne({ where: { type } });
    if (!role) {
      const def = SEEDED_ROLES.find((r) => r.type === type);
      if (!def) continue;
      role = await strapi.db.query(ROLE).create({ data: { name: def.name, description: def.description, type } });
    }
    roleIds[type] = role.id;
    if (applied[type] !== ROLE_PERMISSIONS_VERSION) {
      await applyRolePermissions(strapi, role.id, type, all);
      applied[type] = ROLE_PERMISSIONS_VERSION;
    }
  }
  // Actions created after the map was applied (a helper's new endpoint) are added, never removed.
  await grantNewActions(strapi, roleIds, all);
  await store.set({ value: applied });

  // Demo logins, or (SEED_DEMO=false, an installation of its own) the first administrator only.
  const userService = strapi.plugin('users-permissions').service('user');
  const logins = process.env.SEED_DEMO === 'false' ? firstAdministrator(strapi) : DEMO_USERS.map((u) => ({ ...u, password: SEED_PASSWORD }));
  for (const u of logins) {
    const existing = await strapi.db.query(USER).findOne({ where: { username: u.username } });
    if (existing) continue;
    await userService.add({
      username: u.username,
      email: u.email,
      name: u.name,
      type: u.type,
      password: u.password,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: roleIds[u.role],
      address_state_id: states[u.uf],
    });
  }
}

/**
 * The first administrator of an installation without demo data (SEED_DEMO=false), from
 * ADMIN_USERNAME (its CPF or CNPJ, punctuation allowed), ADMIN_EMAIL, ADMIN_PASSWORD (6–200
 * characters) and ADMIN_NAME (default "Administrador"); docs/deploy.md step 5. Created once: a
 * later start finds the username and changes nothing, so the password changed in the app stays.
 * None of the four demo logins (with their published password) exists on such an installation.
 * Without the three variables it creates no one and logs a warning.
 * @throws Error when the variables are set but the document, e-mail or password is invalid (the start stops).
 */
function firstAdministrator(strapi: Core.Strapi) {
  const { ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD } = process.env;
  if (!ADMIN_USERNAME && !ADMIN_EMAIL && !ADMIN_PASSWORD) {
    strapi.log.warn('SEED_DEMO=false sem ADMIN_USERNAME, ADMIN_EMAIL e ADMIN_PASSWORD: nenhum administrador criado.');
    return [];
  }
  const username = normalizeDocument(ADMIN_USERNAME ?? '');
  if (!isCpfOrCnpj(username)) throw new Error('ADMIN_USERNAME deve ser um CPF ou CNPJ válido.');
  if (!ADMIN_EMAIL || !/^[^@\s]+@[^@\s]+$/.test(ADMIN_EMAIL)) throw new Error('ADMIN_EMAIL deve ser um e-mail válido.');
  if (!ADMIN_PASSWORD || ADMIN_PASSWORD.length < 6 || ADMIN_PASSWORD.length > 200) {
    throw new Error('ADMIN_PASSWORD deve ter de 6 a 200 caracteres.');
  }
  const name = process.env.ADMIN_NAME || 'Administrador';
  return [{ username, email: ADMIN_EMAIL.toLowerCase(), name, type: 'admin', role: 'administrador', uf: 'SP', password: ADMIN_PASSWORD }];
}

/**
 * Grants map actions that did not exist when the map was last applied (e.g. the business
 * half's custom endpoints appearing on a later start). The list of actions already
 * considered is kept in the core store, so an action an administrator revoked is not re-granted.
 */
async function grantNewActions(strapi: Core.Strapi, roleIds: Record<string, number>, all: string[]) {
  const store = strapi.store({ type: 'plugin', name: 'balcao', key: 'known-actions' });
  const known = new Set(((await store.get({})) as string[]) ?? []);
  const fresh = all.filter((a) => !known.has(a));
  if (known.size > 0) {
    for (const [type, roleId] of Object.entries(roleIds)) {
      const wanted = ROLE_PERMISSIONS[type];
      for (const action of fresh) {
        if (wanted !== '*' && !wanted.includes(action)) continue;
        const exists = await strapi.db.query(PERMISSION).findOne({ where: { action, role: { id: roleId } } });
        if (!exists) await strapi.db.query(PERMISSION).create({ data: { action, role: roleId } });
      }
    }
  }
  await store.set({ value: all });
}
