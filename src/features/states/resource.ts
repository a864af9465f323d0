import { defineResource } from '@/lib/resources';

/** States (spec 001 §2). */
export const stateResource = defineResource({ api: 'state', controller: 'state', label: 'Estados', icon: 'states' });
