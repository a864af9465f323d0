import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { button } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { listQueryView } from '@/components/layout/list/list-state';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api';
import { hasPermission } from '@/lib/permissions';
import { NEW_TAB_LINK, openInNewTab } from '@/lib/navigation/open-in-new-tab';
import { useSession } from '@/lib/session';
import { documentTypesForCompany } from '@/shared/document-types';
import { useOutbox, outboxStateLabel, useOutboxItems } from '@/lib/offline/outbox-peek';
import type { OrderRef } from '@/shared/sales-orders';
import { deleteOrderDocument, fetchSignedUrl, orderDocuments, uploadOrderDocument, type UploadOrderDocumentInput } from './api';
import { DOCUMENT_OUTBOX_KINDS, orderDocumentKeys } from './keys';
import type { QueuedUploadPayload } from './outbox';
import { DocumentsCard, type SendingDocument } from './documents-card';
import { MISSING_SIGNED_URL, DELETE_DOCUMENT_FEEDBACK, signedUrlErrorMessage, typesForOrder } from './documents';
import { newIdempotencyKey } from '@/lib/offline/idempotency';
import { prepareForUpload } from '@/lib/files/image-compression';
import { MAX_UPLOAD_BYTES, tooLargeMessage } from './photo-pages';
import { PhotoTray } from './photo-tray';
import { usePhotoTray } from './use-photo-tray';
import type { DocumentType } from '@/shared/document-types';
import type { OrderDocument } from './schema';

/** Mutation key of an order's uploads; `useMutationState` reads the ones still being sent. */
export const uploadMutationKey = (orderId: number) => ['upload-order-document', orderId] as const;

/**
 * The documents of one order, wired to the data layer: types of the order's dealership (and
 * dispatcher), its documents, upload (a large photo compressed first, 'Preparando...'; on a phone
 * photos taken into the photo tray, one or several as one PDF; 'Enviando...' while sending; 'Erro
 * no upload' on failure),
 * open through the signed URL (a new tab without opener; 'Documento pronto' with a link when the
 * URL came too late for the click to open it), delete with the §8 messages.
 */
export function OrderDocumentsSection({ order, title }: { order: OrderRef; title?: string }) {
  const queryClient = useQueryClient();
  const { permissions, user } = useSession();
  const canDocument = (action: string) => hasPermission(permissions, { api: 'sales-order-document', controller: 'sales-order-document', action });
  const companyUserId = order.user_company_id?.id ?? null;
  const typesQuery = useQuery(documentTypesForCompany(companyUserId));
  const docsQuery = useQuery(orderDocuments(order.id));

  const upload = useMutation({
    mutationKey: uploadMutationKey(order.id),
    mutationFn: (input: UploadOrderDocumentInput) => uploadOrderDocument(input),
    meta: { successMessage: 'Documento enviado com sucesso', errorTitle: 'Erro no upload', errorMessage: 'Falha no upload do arquivo' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDocumentKeys.byOrder(order.id) }),
  });

  // Dexie loads with the first queued upload, not with the screen.
  const outbox = useOutbox();
  const queued = (useOutboxItems(user?.id) ?? []).filter((i) => i.orderId === order.id && i.kind === DOCUMENT_OUTBOX_KINDS.uploadDocument);
  // Files being compressed before they are sent or queued ('Preparando...').
  const [preparing, setPreparing] = useState<SendingDocument[]>([]);
  const sending = [
    ...preparing,
    ...useMutationState({
      filters: { mutationKey: uploadMutationKey(order.id), status: 'pending' },
      select: (m) => m.state.variables as UploadOrderDocumentInput,
    }).map((v): SendingDocument => ({
      key: v.idempotencyKey,
      typeId: 'id' in v.documentType ? v.documentType.id : 0,
      fileName: v.fileName,
      size: v.file.size,
    })),
    ...queued.map((item): SendingDocument => {
      const p = item.payload as QueuedUploadPayload;
      return { key: item.idempotencyKey, typeId: p.documentTypeId, fileName: p.fileName, label: outboxStateLabel(item), size: item.fileSize };
    }),
  ];

  // An upload goes through the offline outbox: the file is kept as a Blob in IndexedDB
  // until both steps are done, online at once or later; progress shows in the badge. The file is
  // the one to send: compressed already (prepareForUpload, the photo tray).
  const send = (type: DocumentType, file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: 'Erro no upload', description: tooLargeMessage(file.name), variant: 'destructive' });
      return;
    }
    if (!outbox) {
      upload.mutate({ orderId: order.id, documentType: { id: type.id }, file, fileName: file.name, idempotencyKey: newIdempotencyKey() });
      return;
    }
    const payload: QueuedUploadPayload = {
      orderId: order.id,
      documentTypeId: type.id,
      documentTypeName: type.name,
      fileName: file.name,
      step: 'file',
      companyUserId,
      dispatcherUserId: order.user_dispatcher_id?.id ?? null,
    };
    void outbox
      .get()
      .then((runtime) =>
        runtime.outbox.enqueue({
          kind: DOCUMENT_OUTBOX_KINDS.uploadDocument,
          orderId: order.id,
          payload,
          file: { blob: file, name: file.name, type: file.type },
        }),
      )
      .catch((error: unknown) =>
        toast({ title: 'Erro no upload', description: error instanceof Error ? error.message : 'Falha no upload do arquivo', variant: 'destructive' }),
      );
  };

  // A chosen file: a large photo is compressed first (in a Web Worker), a PDF or a small image goes as it is.
  const onUpload = (type: DocumentType, chosen: File) => {
    const key = newIdempotencyKey();
    setPreparing((list) => [...list, { key, typeId: type.id, fileName: chosen.name, label: 'Preparando...' }]);
    void prepareForUpload(chosen)
      .then(({ file }) => send(type, file))
      .finally(() => setPreparing((list) => list.filter((x) => x.key !== key)));
  };
  const photos = usePhotoTray(send);

  const remove = useMutation({
    mutationFn: (doc: OrderDocument) => deleteOrderDocument(doc.documentId),
    meta: { successMessage: 'Documento excluído com sucesso', errorTitle: 'Erro ao excluir', ...DELETE_DOCUMENT_FEEDBACK },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDocumentKeys.byOrder(order.id) }),
  });

  // A signed URL that came after the click's activation ran out: opened from a link instead.
  const [ready, setReady] = useState<{ url: string; name: string } | null>(null);
  const open = async (doc: OrderDocument) => {
    try {
      // The URL first, then a tab without opener (lib/navigation/open-in-new-tab.ts).
      const url = await fetchSignedUrl(doc);
      if (!openInNewTab(url)) setReady({ url, name: doc.content?.name ?? 'Documento' });
    } catch (error) {
      const message = isApiError(error)
        ? signedUrlErrorMessage(error)
        : error instanceof Error && error.message === MISSING_SIGNED_URL
          ? MISSING_SIGNED_URL
          : signedUrlErrorMessage(error);
      toast({ title: 'Erro', description: message, variant: 'destructive' });
    }
  };

  return (
    <>
      <DocumentsCard
        title={title}
        types={typesForOrder(typesQuery.data ?? [], order.user_dispatcher_id?.id)}
        documents={docsQuery.data}
        isLoading={listQueryView(typesQuery).isLoading || listQueryView(docsQuery).isLoading}
        nothingOffline={{ types: listQueryView(typesQuery).nothingOffline, documents: listQueryView(docsQuery).nothingOffline }}
        sending={sending}
        onUpload={onUpload}
        onPhoto={photos.add}
        onOpen={(doc) => void open(doc)}
        onDelete={(doc) => remove.mutate(doc)}
        canUpload={canDocument('create') && hasPermission(permissions, { api: 'upload', controller: 'content-api', action: 'upload' })}
        canDelete={canDocument('delete')}
      />
      <PhotoTray photos={photos} />
      <Dialog open={ready !== null} onOpenChange={(o) => !o && setReady(null)} title="Documento pronto" description={ready?.name}>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={() => setReady(null)}>
            Fechar
          </Button>
          {/* Closed after the click's default action: a link removed during its click opens nothing. */}
          <a href={ready?.url} {...NEW_TAB_LINK} onClick={() => setTimeout(() => setReady(null))} className={button()}>
            Abrir documento
          </a>
        </div>
      </Dialog>
    </>
  );
}
