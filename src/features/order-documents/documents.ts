import { isApiError } from '@/lib/api/errors';
import { foldText } from '@/lib/api/filters';
import type { DocumentType } from '@/shared/document-types';
import type { OrderDocument } from './schema';

/**
 * Rules of an order's documents (spec 001 §2 "Documentos", §4, §5 "File upload", §8 "Files").
 */

/** File extensions an order document accepts (spec 001 §5, §9). */
export const ACCEPTED_EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg', '.heic', '.webp'] as const;

/**
 * The `accept` attribute of the file input: the extensions plus their MIME types. The image
 * types make phones offer the camera next to the gallery and files (no `capture`, which
 * would force the camera).
 */
export const FILE_ACCEPT = [...ACCEPTED_EXTENSIONS, 'application/pdf', 'image/png', 'image/jpeg', 'image/heic', 'image/webp'].join(',');

/** True when a file's name ends with one of the accepted extensions (HEIC often has no MIME type). */
export function isAcceptedFile(file: { name: string }): boolean {
  const name = file.name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext));
}

export interface DocumentTypeRow {
  type: DocumentType;
  /** True once an order document of this type exists: the upload icon is hidden and 'Enviado' shown. */
  sent: boolean;
  /** The order documents of this type, oldest first. */
  documents: OrderDocument[];
}

/**
 * Does an order document belong to a type? Same id, or the same name (accent/case-insensitive):
 * the seed keeps one set of types per dispatcher–dealership pair, so a document sent under
 * another pair's 'CRLV' still counts as the order's CRLV (spec 001 §5 "match by name").
 */
export function documentMatchesType(doc: OrderDocument, type: DocumentType): boolean {
  const ref = doc.document_type;
  if (!ref) return false;
  if (ref.id === type.id) return true;
  const name = 'name' in ref ? ref.name : undefined;
  return Boolean(name) && foldText(String(name).trim()) === foldText(type.name.trim());
}

/**
 * The document types offered for an order: those of the order's dispatcher when the list
 * carries them (`user_dispatcher_id` populated), else all given; one per name, first kept.
 */
export function typesForOrder(types: DocumentType[], dispatcherUserId: number | null | undefined): DocumentType[] {
  const dispatcherOf = (t: DocumentType) => {
    const ref = (t as { user_dispatcher_id?: unknown }).user_dispatcher_id;
    return typeof ref === 'number' ? ref : ref && typeof ref === 'object' && 'id' in ref ? Number((ref as { id: unknown }).id) : undefined;
  };
  const mine = dispatcherUserId ? types.filter((t) => dispatcherOf(t) === dispatcherUserId) : [];
  const pool = mine.length ? mine : types;
  const seen = new Set<string>();
  return pool.filter((t) => {
    const key = foldText(t.name.trim());
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The documents card's rows (spec 001 §4 "A document type on an order is 'sent' once an
 * order document of that type exists; sent types hide the upload icon").
 */
export function documentTypeRows(types: DocumentType[], documents: OrderDocument[]): DocumentTypeRow[] {
  return types.map((type) => {
    const ofType = documents.filter((d) => documentMatchesType(d, type));
    return { type, sent: ofType.length > 0, documents: ofType };
  });
}

/** The type record for a name, accent- and case-insensitive (spec 001 §5 "a document type must match by name"). */
export function findDocumentType(types: DocumentType[], name: string): DocumentType | undefined {
  const wanted = foldText(name.trim());
  return types.find((t) => foldText(t.name.trim()) === wanted);
}

/** Display name of an order document's type ('' when unknown). */
export function documentTypeName(doc: OrderDocument, types: DocumentType[] = []): string {
  const ref = doc.document_type;
  if (!ref) return '';
  if ('name' in ref && ref.name) return String(ref.name);
  return types.find((t) => t.id === ref.id)?.name ?? '';
}

/**
 * Message of a failed signed-URL request (spec 001 §8 "Files"): 403, 401, 404 by status,
 * otherwise 'Erro ao gerar URL assinada: {server message}'.
 */
export function signedUrlErrorMessage(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  if (status === 403) return 'Acesso negado: Você não tem permissão para acessar este arquivo';
  if (status === 401) return 'Não autenticado: Faça login para acessar este arquivo';
  if (status === 404) return 'Arquivo não encontrado no storage';
  const message = error instanceof Error ? error.message : String(error);
  return `Erro ao gerar URL assinada: ${message}`;
}

/** The answer had no `data.signedUrl` (spec 001 §8). */
export const MISSING_SIGNED_URL = 'URL assinada não encontrada na resposta do servidor';

/**
 * The failure texts of the 'Erro ao excluir' toast for an order document (spec 001 §8
 * "Deletions"), as mutation `meta` (lib/api/feedback.ts): 403, 404, 401 by status, otherwise the
 * server's message, else 'Erro ao excluir'.
 */
export const DELETE_DOCUMENT_FEEDBACK = {
  errorMessage: 'Erro ao excluir',
  statusMessages: { 403: 'Você não tem permissão para excluir este documento', 404: 'Documento não encontrado', 401: 'Usuário não autenticado' },
} as const;
