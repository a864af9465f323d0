import { Link, type ToOptions } from '@tanstack/react-router';
import { css } from 'styled-system/css';

/**
 * A screen that a later issue will build: its title and, when given, a back link.
 * Also the spec's own placeholder pages ('Editar Lojas', 'Incluir Serviço').
 */
export function PlaceholderPage({ title, backTo, note }: { title: string; /** Typed link target: `{ to: '/users' }`. */ backTo?: ToOptions; note?: string }) {
  return (
    <section className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</h1>
      {note ? <p className={css({ color: 'fg.muted' })}>{note}</p> : null}
      {backTo ? (
        <Link {...backTo} className={css({ color: 'primary.500', textDecoration: 'underline', w: 'fit-content' })}>
          Voltar
        </Link>
      ) : null}
    </section>
  );
}

/** The placeholder shown while the session loads (spec 000 §4 "while loading show a placeholder"). */
export function SessionPlaceholder() {
  return (
    <div
      role="status"
      aria-live="polite"
      className={css({ minH: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'fg.muted' })}
    >
      Carregando...
    </div>
  );
}
