import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/**
 * The frame of the public screens (/login, /reset-password): a centred card with the brand,
 * the screen's heading (h1) and an optional line under it.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main
      className={css({
        minH: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: '4',
        bgGradient: 'authCanvas',
      })}
    >
      <div
        className={css({
          w: 'full',
          maxW: '420px',
          bg: 'bg.surface',
          borderRadius: 'xl',
          boxShadow: 'lg',
          p: { base: '6', md: '8' },
        })}
      >
        <div className={css({ mb: '6', textAlign: 'center' })}>
          <div
            className={css({
              fontSize: '2xl',
              fontWeight: 'bold',
              color: 'primary.500',
            })}
          >
            Balcão
          </div>
          <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold', mt: '2' })}>{title}</h1>
          {subtitle ? <p className={css({ color: 'fg.muted', mt: '1' })}>{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
