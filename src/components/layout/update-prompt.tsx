import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { clearUnsavedInput, dismissUpdateWarning, requestUpdate, useUpdateState } from '@/lib/offline/update';

/**
 * 'Nova versão disponível' with 'Atualizar': shown when a new release waits. The
 * switch waits for a send in flight and refuses while a form has unsaved input
 * (lib/offline/update.ts); nothing reloads on its own.
 */
export function UpdatePrompt() {
  const state = useUpdateState();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A form left by navigating away is no longer unsaved input of this page.
  useEffect(() => clearUnsavedInput(), [pathname]);
  if (state === 'idle') return null;
  const text: Record<Exclude<typeof state, 'idle'>, string> = {
    available: 'Nova versão disponível.',
    'waiting-for-send': 'Atualizando assim que o envio em andamento terminar...',
    'blocked-by-form': 'Salve ou descarte o formulário antes de atualizar.',
    updating: 'Atualizando...',
  };
  return (
    <div
      role="status"
      aria-label="Atualização do aplicativo"
      className={css({
        position: 'fixed',
        bottom: '4',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 'toast',
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        px: '4',
        py: '3',
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'lg',
        boxShadow: 'lg',
        fontSize: 'sm',
      })}
    >
      <span>{text[state]}</span>
      {state === 'available' ? (
        <Button size="sm" onClick={() => void requestUpdate()}>
          Atualizar
        </Button>
      ) : null}
      {state === 'blocked-by-form' ? (
        <Button size="sm" variant="outline" onClick={dismissUpdateWarning}>
          OK
        </Button>
      ) : null}
    </div>
  );
}
