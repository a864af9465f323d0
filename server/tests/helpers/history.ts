import { api, login, type SeedRole } from './api';

/** A history entry as GET /history-entries answers it. */
export interface Entry {
  id: number;
  documentId: string;
  createdAt: string;
  user_id: number | null;
  user_name: string | null;
  role_type: string | null;
  content_type: string;
  record_id: number;
  record_document_id: string;
  parent_document_id: string | null;
  action: 'create' | 'update' | 'delete';
  changes: Record<string, { old: unknown; new: unknown }>;
}

/** The uid of an API by its name (`receivable` → api::receivable.receivable). */
export const uidOf = (name: string) =>
  name === 'user' ? 'plugin::users-permissions.user' : name === 'role' ? 'plugin::users-permissions.role' : `api::${name}.${name}`;

/** GET /history-entries of one record as `who` (all of it, newest first); the raw answer. */
export async function historyAnswer(who: SeedRole | string, type: string, documentId: string, extra = '') {
  const token = who.length > 20 ? who : await login(who as SeedRole);
  return api('GET', `/history-entries?record_type=${encodeURIComponent(type)}&record_document_id=${documentId}&pagination[pageSize]=100${extra}`, { token });
}

/** The entries of one record as the administrator (newest first); throws unless 200. */
export async function historyOf(type: string, documentId: string): Promise<Entry[]> {
  const res = await historyAnswer('admin', type, documentId);
  if (res.status !== 200) throw new Error(`history ${type} ${documentId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Entry[];
}

/** The entries of one record's own (not its children's), oldest first. */
export async function ownHistory(type: string, documentId: string): Promise<Entry[]> {
  return (await historyOf(type, documentId)).filter((e) => e.content_type === uidOf(type) && e.record_document_id === documentId).reverse();
}

/** Every entry written after `sinceId` (administrator, by date range), oldest first. */
export async function entriesAfter(sinceId: number): Promise<Entry[]> {
  const token = await login('admin');
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await api('GET', `/history-entries?pagination[pageSize]=100&pagination[page]=${page}`, { token });
    const rows = res.body.data as Entry[];
    out.push(...rows.filter((e) => e.id > sinceId));
    if (rows.length < 100 || rows.some((e) => e.id <= sinceId)) break;
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The id of the newest entry (0 when none). */
export async function lastEntryId(): Promise<number> {
  const res = await api('GET', '/history-entries?pagination[pageSize]=1', { token: await login('admin') });
  return (res.body.data[0]?.id as number | undefined) ?? 0;
}

/** Field names that must never show in any entry. */
export const PRIVATE_FIELDS = ['password', 'resetPasswordToken', 'confirmationToken', 'token_version', 'ended_sessions'];
