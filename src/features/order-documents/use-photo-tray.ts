import { useEffect, useRef, useState } from 'react';
import { compressImage } from '@/lib/files/image-compression';
import { imagesToPdf } from '@/lib/files/images-to-pdf';
import type { DocumentType } from '@/shared/document-types';
import { canSendPages, movePage, photoDocumentName, type PhotoPage } from './photo-pages';

/** The tray of one document type: its photos in page order. */
export interface PhotoTrayState {
  type: DocumentType;
  pages: PhotoPage[];
}

let nextId = 0;

/**
 * The photo tray of an order's documents (photo-tray.tsx shows it): photos taken one after the
 * other for one document type, each re-encoded as a JPEG (`compressImage`, in a Web Worker) as soon
 * as it is taken, so the 5 MB originals are dropped at once; reorder, remove; `send` hands
 * `onSend` one file: the photo itself (`<type>.jpg`) or, for several, one PDF with a page per
 * photo in the order shown (`<type>.pdf`). Thumbnails are object URLs, revoked when a page leaves.
 */
export function usePhotoTray(onSend: (type: DocumentType, file: File) => void) {
  const [tray, setTray] = useState<PhotoTrayState | null>(null);
  const [combining, setCombining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The pages now, for the compressions that finish later and for the unmount's cleanup.
  const pagesRef = useRef<PhotoPage[]>([]);
  pagesRef.current = tray?.pages ?? [];

  useEffect(
    () => () => {
      for (const p of pagesRef.current) if (p.url) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const update = (id: string, change: Partial<PhotoPage>) =>
    setTray((t) => (t ? { ...t, pages: t.pages.map((p) => (p.id === id ? { ...p, ...change } : p)) } : t));

  /** Adds a photo (a new tray when none is open or it is another type's) and compresses it. */
  const add = (type: DocumentType, photo: File) => {
    const id = `photo-${(nextId += 1)}`;
    setError(null);
    setTray((t) => (t && t.type.id === type.id ? { ...t, pages: [...t.pages, { id, status: 'preparing' }] } : { type, pages: [{ id, status: 'preparing' }] }));
    compressImage(photo).then(
      (file) => {
        // Removed (or the tray closed) while it was being compressed: nothing to show.
        if (!pagesRef.current.some((p) => p.id === id)) return;
        update(id, { status: 'ready', file, url: URL.createObjectURL(file) });
      },
      () => update(id, { status: 'failed' }),
    );
  };

  const revoke = (pages: PhotoPage[]) => {
    for (const p of pages) if (p.url) URL.revokeObjectURL(p.url);
  };

  const move = (index: number, delta: -1 | 1) => setTray((t) => (t ? { ...t, pages: movePage(t.pages, index, delta) } : t));

  const remove = (id: string) => {
    revoke(pagesRef.current.filter((p) => p.id === id));
    setTray((t) => (t ? { ...t, pages: t.pages.filter((p) => p.id !== id) } : t));
  };

  const close = () => {
    revoke(pagesRef.current);
    pagesRef.current = [];
    setTray(null);
    setError(null);
  };

  /** One page → the photo; several → one PDF, pages in the order shown. Closes the tray once handed over. */
  const send = async () => {
    if (!tray || !canSendPages(tray.pages) || combining) return;
    const files = tray.pages.map((p) => p.file!);
    setCombining(true);
    setError(null);
    try {
      const file =
        files.length === 1
          ? new File([files[0]!], photoDocumentName(tray.type.name, 'jpg'), { type: 'image/jpeg' })
          : new File([await imagesToPdf(files, tray.type.name)], photoDocumentName(tray.type.name, 'pdf'), { type: 'application/pdf' });
      onSend(tray.type, file);
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível juntar as fotos.');
    } finally {
      setCombining(false);
    }
  };

  return { tray, combining, error, add, move, remove, close, send };
}
