import { Link, useNavigate, type ToOptions } from '@tanstack/react-router';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';

export interface FormPageProps {
  /** 'Novo …' / 'Editar …' (spec 000 §2.5); e.g. `mode === 'new' ? 'Novo usuário' : 'Editar usuário'`. */
  title: string;
  /** Typed link to the list to go back to (back link and Cancelar): `{ to: '/customers' }`. */
  backTo: ToOptions;
  /** Called on submit (the default event is already prevented): usually `form.handleSubmit`. */
  onSubmit: () => void | Promise<void>;
  /** Shows 'Salvando...' and disables the buttons. */
  isSubmitting?: boolean;
  /** Disables Salvar (e.g. `!form.state.canSubmit`). */
  canSubmit?: boolean;
  /** While the record loads for editing: 'Carregando...' instead of the form. */
  isLoading?: boolean;
  /**
   * The record failed to load: an error toast (`loadErrorTitle` / `loadErrorDescription`)
   * is shown and the user goes back to `backTo`.
   */
  loadError?: unknown;
  loadErrorTitle?: string;
  loadErrorDescription?: string;
  /** Buttons next to the title (e.g. 'Documentos' in the order form). */
  headerActions?: ReactNode;
  submitLabel?: string;
  children: ReactNode;
}

/**
 * The form frame of spec 000 §2.5: title, back path, Cancelar and Salvar ('Salvando...'
 * while submitting). If the record fails to load it shows an error toast and returns to
 * the list.
 */
export function FormPage(props: FormPageProps) {
  const { title, backTo, onSubmit, isSubmitting = false, canSubmit = true, isLoading, loadError, headerActions, children } = props;
  const navigate = useNavigate();
  const reported = useRef(false);

  useEffect(() => {
    if (!loadError || reported.current) return;
    reported.current = true;
    toast({
      title: props.loadErrorTitle ?? 'Erro',
      description: props.loadErrorDescription ?? 'Não foi possível carregar o registro.',
      variant: 'destructive',
    });
    void navigate(backTo);
  }, [loadError, backTo, navigate, props.loadErrorTitle, props.loadErrorDescription]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void onSubmit();
  };

  return (
    <section className={css({ display: 'flex', flexDir: 'column', gap: '4', maxW: '960px' })} aria-labelledby="form-title">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <Link
          {...backTo}
          aria-label="Voltar"
          title="Voltar"
          className={css({ display: 'inline-flex', p: '2', borderRadius: 'md', _hover: { bg: 'gray.100' } })}
        >
          <Icon name="chevronLeft" />
        </Link>
        <h1 id="form-title" className={css({ fontSize: '2xl', fontWeight: 'bold', flex: '1' })}>
          {title}
        </h1>
        {headerActions}
      </div>
      {isLoading || loadError ? (
        <p className={css({ color: 'fg.muted' })}>Carregando...</p>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: { base: '4', md: '6' } })}
        >
          <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>{children}</div>
          <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6' })}>
            <Button variant="outline" disabled={isSubmitting} onClick={() => void navigate(backTo)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={isSubmitting || !canSubmit}>
              {isSubmitting ? 'Salvando...' : (props.submitLabel ?? 'Salvar')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
