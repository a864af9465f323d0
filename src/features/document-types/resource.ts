import { defineResource } from '@/lib/resources';

/** Document types (spec 000 §2.10); its routes need only a session, its menu item `state find` (src/app/menu.ts). */
export const documentTypeResource = defineResource({ api: 'document-type', controller: 'document-type', label: 'Tipos de Documento', icon: 'documents' });
