import { defineResource } from '@/lib/resources';

/** Users of the users-permissions plugin (spec 000 §2.3); delete is `destroy`. */
export const userResource = defineResource({ api: 'users-permissions', controller: 'user', label: 'Usuários', icon: 'users' });
