import { useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { css } from 'styled-system/css';
import { Icon } from '@/components/ui/icons';
import { readOutboxItems } from '@/lib/offline/outbox-peek';
import { session } from '@/lib/session';

// Downloaded with the first Sair that finds queued items: most sign-outs have none.
const SignOutDialog = lazy(() => import('./sign-out-dialog'));

const buttonClass = css({ p: '2', borderRadius: 'md', cursor: 'pointer', color: 'fg.muted', _hover: { bg: 'gray.100', color: 'danger.500' } });

/**
 * The sidebar's Sair (spec 000 §2.2, §4 Logout): with nothing of the user's queued it ends the
 * session (server logout, storage cleared) and goes to /login at once; with queued items it asks
 * first (`sign-out-dialog.tsx`: send, keep offline, discard or cancel), so a shared device never
 * hands one user's pending work to the next. `onNavigate`: closes the mobile drawer.
 */
export function SignOutButton({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<number | null>(null);

  const signOut = () => {
    setAsking(null);
    session.signOut();
    onNavigate?.();
    void navigate({ to: '/login' });
  };

  const onClick = async () => {
    const userId = session.getState().user?.id;
    // A database that cannot be read holds nothing to ask about.
    const queued = userId === undefined ? [] : await readOutboxItems(userId).catch(() => []);
    if (userId === undefined || queued.length === 0) signOut();
    else setAsking(userId);
  };

  return (
    <>
      <button type="button" onClick={() => void onClick()} title="Sair" aria-label="Sair" className={buttonClass}>
        <Icon name="logOut" />
      </button>
      {asking !== null ? (
        <Suspense fallback={null}>
          <SignOutDialog userId={asking} onClose={() => setAsking(null)} onSignOut={signOut} />
        </Suspense>
      ) : null}
    </>
  );
}
