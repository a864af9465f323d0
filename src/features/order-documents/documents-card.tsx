import { useRef } from 'react';
import { css } from 'styled-system/css';
import { NOTHING_OFFLINE_TEXT } from '@/components/layout/list/list-state';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { formatFileSize } from '@/lib/files/file-size';
import { formatDate } from '@/lib/format';
import { useIsMobile } from '@/lib/use-media-query';
import { FILE_ACCEPT, documentTypeName, documentTypeRows, isAcceptedFile } from './documents';
import type { DocumentType } from '@/shared/document-types';
import type { OrderDocument } from './schema';
import { StatusBadge } from '@/components/ui/status-badge';
import { cardClass } from '@/components/ui/card';
import { CameraInput } from './camera-input';

/** A file the user chose that is still being uploaded (shown as 'Enviando...'). */
export interface SendingDocument {
  key: string;
  typeId: number;
  fileName: string;
  /** Badge text; default 'Enviando...'; a queued file: 'Aguardando envio' or 'Enviando... 40%'. */
  label?: string;
  /** Bytes that will be sent (the compressed photo, the combined PDF), when known. */
  size?: number;
}

export interface DocumentsCardProps {
  types: DocumentType[];
  documents: OrderDocument[] | undefined;
  isLoading: boolean;
  /** Which of the two lists could not be loaded (no answer) with nothing cached: said instead of their 'Nenhum ...'. */
  nothingOffline?: { types: boolean; documents: boolean };
  sending: SendingDocument[];
  /** Starts the upload of one file for a type (see `useUploadOrderDocument`). */
  onUpload: (type: DocumentType, file: File) => void;
  /** A photo taken with 'Tirar foto' (offered on phones when given): it joins the type's photo tray. */
  onPhoto?: (type: DocumentType, file: File) => void;
  /** Opens a document through its signed URL. */
  onOpen: (doc: OrderDocument) => void;
  /** Deletes a document (already confirmed by the user). */
  onDelete: (doc: OrderDocument) => void;
  /** Heading level 2 title; the documents page uses it as its card title too. */
  title?: string;
  /** The role may upload (sales-order-document create); default true. Without it no upload icon is offered. */
  canUpload?: boolean;
  /** The role may delete order documents; default true. */
  canDelete?: boolean;
}

/** The browser confirmation before deleting an order document (spec 001 §5). */
export const DELETE_DOCUMENT_CONFIRM = 'Tem certeza que deseja excluir este documento?';

const s = {
  card: cardClass,
  title: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  sub: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' }),
  typeRow: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    py: '1.5',
    borderBottomWidth: '1px',
    borderColor: 'border',
    minH: '11',
    flexWrap: 'wrap',
  }),
  actions: css({ display: 'flex', gap: '2', ml: 'auto' }),
  docRow: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    py: '1.5',
    borderBottomWidth: '1px',
    borderColor: 'border',
    fontSize: 'sm',
  }),
  fileName: css({
    color: 'fg.muted',
    fontSize: 'xs',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxW: { base: '160px', md: '320px' },
  }),
  upload: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    h: '9',
    minW: '9',
    px: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border',
    cursor: 'pointer',
    color: 'primary.500',
    _hover: { bg: 'gray.100' },
    _focusWithin: { outline: '2px solid', outlineColor: 'primary.500' },
  }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
};

/**
 * The 'Documentos' card (spec 001 §2, §4, §5): each document type of the order with an
 * upload icon (hidden once a document of that type exists) or the 'Enviado' badge; then the
 * sent documents with open and delete actions, or 'Nenhum documento enviado para este
 * pedido.'. The file input takes one pdf/png/jpg/jpeg/heic/webp file; on a phone 'Tirar foto'
 * (the camera, `onPhoto`) sits beside 'Escolher arquivo'. A file being sent shows its size. Delete
 * asks for the browser's confirmation.
 */
export function DocumentsCard({
  types,
  documents,
  isLoading,
  nothingOffline = { types: false, documents: false },
  sending,
  onUpload,
  onPhoto,
  onOpen,
  onDelete,
  title = 'Documentos',
  canUpload = true,
  canDelete = true,
}: DocumentsCardProps) {
  const rows = documentTypeRows(types, documents ?? []);
  const docs = documents ?? [];
  const inputs = useRef<Record<number, HTMLInputElement | null>>({});
  // Phones (spec 000 §9: under 768 px) get the camera beside the picker, both with their words.
  const phone = useIsMobile();

  const choose = (type: DocumentType, file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedFile(file)) {
      toast({ title: 'Erro no upload', description: 'Formatos aceitos: pdf, png, jpg, jpeg, heic, webp.', variant: 'destructive' });
      return;
    }
    onUpload(type, file);
  };

  return (
    <section className={s.card} aria-labelledby="documents-title">
      <h2 id="documents-title" className={s.title}>
        {title}
      </h2>
      {isLoading ? (
        <p className={s.muted}>Carregando...</p>
      ) : (
        <>
          <ul aria-label="Tipos de documento">
            {rows.map(({ type, sent }) => {
              const uploading = sending.find((x) => x.typeId === type.id);
              return (
                <li key={type.id} className={s.typeRow} data-testid={`document-type-${type.id}`}>
                  <span>{type.name}</span>
                  {sent ? (
                    <StatusBadge label="Enviado" tone="success" />
                  ) : uploading ? (
                    <StatusBadge label={uploading.label ?? 'Enviando...'} tone="info" />
                  ) : !canUpload ? null : (
                    <div className={s.actions}>
                      {phone && onPhoto ? <CameraInput label={`Tirar foto: ${type.name}`} onPhoto={(file) => onPhoto(type, file)} /> : null}
                      <label className={s.upload} title={phone ? undefined : `Enviar ${type.name}`}>
                        <UploadIcon />
                        {phone ? (
                          <span>
                            Escolher arquivo<span className={css({ srOnly: true })}>: {type.name}</span>
                          </span>
                        ) : (
                          <span className={css({ srOnly: true })}>Enviar {type.name}</span>
                        )}
                        <input
                          ref={(el) => {
                            inputs.current[type.id] = el;
                          }}
                          type="file"
                          accept={FILE_ACCEPT}
                          className={css({ srOnly: true })}
                          onChange={(e) => {
                            choose(type, e.target.files?.[0]);
                            e.target.value = '';
                          }}
                        />
                      </label>
                    </div>
                  )}
                </li>
              );
            })}
            {rows.length === 0 ? <li className={s.muted}>{nothingOffline.types ? NOTHING_OFFLINE_TEXT : 'Nenhum tipo de documento disponível.'}</li> : null}
          </ul>

          <h3 className={s.sub}>Documentos enviados</h3>
          {docs.length === 0 && sending.length === 0 ? (
            <p className={s.muted}>{nothingOffline.documents ? NOTHING_OFFLINE_TEXT : 'Nenhum documento enviado para este pedido.'}</p>
          ) : (
            <ul aria-label="Documentos enviados">
              {sending.map((x) => (
                <li key={x.key} className={s.docRow}>
                  <div>
                    <div>{types.find((t) => t.id === x.typeId)?.name ?? ''}</div>
                    <div className={s.fileName}>
                      {x.fileName}
                      {x.size !== undefined ? ` · ${formatFileSize(x.size)}` : ''}
                    </div>
                  </div>
                  <StatusBadge label={x.label ?? 'Enviando...'} tone="info" />
                </li>
              ))}
              {docs.map((doc) => {
                const name = documentTypeName(doc, types);
                return (
                  <li key={doc.documentId} className={s.docRow}>
                    <div className={css({ minW: '0' })}>
                      <div>{name || 'Documento'}</div>
                      <div className={s.fileName}>
                        {doc.content?.name ?? ''} {doc.createdAt ? `· ${formatDate(doc.createdAt)}` : ''}
                      </div>
                    </div>
                    <div className={css({ display: 'flex', gap: '1', flexShrink: 0 })}>
                      <Button variant="ghost" size="icon" aria-label={`Abrir ${name}`} title="Abrir" onClick={() => onOpen(doc)} disabled={!doc.content}>
                        <Icon name="eye" size={16} />
                      </Button>
                      {canDelete ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Excluir ${name}`}
                          title="Excluir"
                          onClick={() => {
                            if (window.confirm(DELETE_DOCUMENT_CONFIRM)) onDelete(doc);
                          }}
                        >
                          <Icon name="trash" size={16} />
                        </Button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function UploadIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
    </svg>
  );
}
