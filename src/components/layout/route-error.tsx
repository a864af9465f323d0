import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';

/**
 * The router's default error component: a route that throws while loading or
 * rendering shows this, in Portuguese, with 'Tentar novamente' (reloads the route's data and
 * renders it again) and a link home, instead of a blank page.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => queryReset.reset(), [queryReset]);
  const message = error instanceof Error && error.message ? error.message : undefined;
  return (
    <section role="alert" className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'flex-start', p: '6' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Algo deu errado</h1>
      <p className={css({ color: 'fg.muted' })}>Não foi possível mostrar esta página.{message ? ` ${message}` : ''}</p>
      <div className={css({ display: 'flex', gap: '3' })}>
        <Button
          type="button"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Tentar novamente
        </Button>
        <Button type="button" variant="outline" onClick={() => void router.navigate({ to: '/' })}>
          Ir para o início
        </Button>
      </div>
    </section>
  );
}
