import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icons';
import { formatFileSize } from '@/lib/files/file-size';
import { CameraInput } from './camera-input';
import { canSendPages, pagesSize } from './photo-pages';
import type { usePhotoTray } from './use-photo-tray';

const s = {
  pages: css({ display: 'grid', gap: '2', maxH: '50vh', overflowY: 'auto', mb: '3' }),
  page: css({ display: 'flex', alignItems: 'center', gap: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '2' }),
  thumb: css({ w: '12', h: '16', objectFit: 'cover', borderRadius: 'sm', bg: 'gray.100', flexShrink: 0 }),
  info: css({ flex: '1', minW: '0', fontSize: 'sm' }),
  muted: css({ color: 'fg.muted', fontSize: 'xs' }),
  error: css({ color: 'danger.600', fontSize: 'sm' }),
  actions: css({ display: 'flex', gap: '1', flexShrink: 0 }),
};

/**
 * 'Fotos do documento': the photos taken for one document type, as pages in order (thumbnail,
 * size once compressed, move up/down, remove), 'Tirar outra foto', and the send: 'Enviar foto'
 * for one photo, 'Juntar em um PDF' for several (one document, pages in the order shown).
 */
export function PhotoTray({ photos }: { photos: ReturnType<typeof usePhotoTray> }) {
  const { tray, combining, error } = photos;
  const pages = tray?.pages ?? [];
  const failed = pages.some((p) => p.status === 'failed');
  const summary = `${tray?.type.name ?? ''} · ${pages.length} ${pages.length === 1 ? 'página' : 'páginas'} · ${formatFileSize(pagesSize(pages))}`;
  return (
    <Dialog open={tray !== null} onOpenChange={(open) => !open && photos.close()} title="Fotos do documento" description={summary}>
      <ol aria-label="Páginas" className={s.pages}>
        {pages.map((page, index) => {
          const n = index + 1;
          return (
            <li key={page.id} className={s.page}>
              {page.url ? <img src={page.url} alt={`Página ${n}`} className={s.thumb} /> : <div className={s.thumb} aria-hidden="true" />}
              <div className={s.info}>
                <div>Página {n}</div>
                <div className={page.status === 'failed' ? s.error : s.muted}>
                  {page.status === 'ready' && page.file
                    ? formatFileSize(page.file.size)
                    : page.status === 'failed'
                      ? 'Não foi possível ler esta foto'
                      : 'Preparando...'}
                </div>
              </div>
              <div className={s.actions}>
                <Button variant="ghost" size="icon" aria-label={`Mover página ${n} para cima`} disabled={index === 0} onClick={() => photos.move(index, -1)}>
                  <Icon name="arrowUp" size={16} />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Mover página ${n} para baixo`}
                  disabled={index === pages.length - 1}
                  onClick={() => photos.move(index, 1)}
                >
                  <Icon name="arrowDown" size={16} />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Remover página ${n}`} onClick={() => photos.remove(page.id)}>
                  <Icon name="trash" size={16} />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {tray ? (
        <CameraInput label="Tirar outra foto" text="Tirar outra foto" onPhoto={(file) => photos.add(tray.type, file)} className={css({ w: 'full' })} />
      ) : null}
      {failed ? <p className={s.error}>Remova as fotos que não puderam ser lidas.</p> : null}
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      <div className={dialogFooter}>
        <Button variant="outline" onClick={photos.close}>
          Cancelar
        </Button>
        <Button disabled={!canSendPages(pages) || combining} onClick={() => void photos.send()}>
          {combining ? 'Juntando...' : pages.length > 1 ? 'Juntar em um PDF' : 'Enviar foto'}
        </Button>
      </div>
    </Dialog>
  );
}
