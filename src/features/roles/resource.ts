import { defineResource } from '@/lib/resources';

/** Roles of the users-permissions plugin (spec 000 §2.5); the list needs `createRole`. */
export const roleResource = defineResource({ api: 'users-permissions', controller: 'role', label: 'Perfis de acesso', icon: 'roles' });
