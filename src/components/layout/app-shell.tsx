import { useDeferredValue, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Icon } from '@/components/ui/icons';
import type { MenuItem } from '@/lib/navigation/menu';
import { useIsMobile } from '@/lib/use-media-query';
import { OfflineStatus } from './offline-status';
import { Sidebar } from './sidebar';
import { UpdatePrompt } from './update-prompt';

const COLLAPSE_KEY = 'sidebar-collapsed';

/**
 * The authenticated layout (spec 000 §2.1): a 256 px sidebar (collapsible) beside the
 * page; under 768 px a top bar with a menu button opens the sidebar as a slide-in drawer.
 */
export function AppShell({ children, menu }: { children: ReactNode; /** The sidebar items (src/app/menu.ts). */ menu: readonly MenuItem[] }) {
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  // On a phone, the screen and the closed drawer's menu render in a deferred, time-sliced pass
  // after the shell's first one (a route's first render is a synchronous router update,
  // one long task on a phone's CPU; the header paints meanwhile). Only the
  // shell's first mount waits: later screens render at once.
  const deferredReady = useDeferredValue(true, false);

  const toggleCollapsed = () =>
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSE_KEY, c ? '0' : '1');
      return !c;
    });

  if (isMobile) {
    return (
      <div className={css({ minH: '100dvh' })}>
        <header
          className={css({
            position: 'sticky',
            top: '0',
            zIndex: 'docked',
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            h: '14',
            px: '3',
            bg: 'bg.surface',
            borderBottomWidth: '1px',
            borderColor: 'border',
          })}
        >
          <button
            type="button"
            aria-label="Abrir menu"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            className={css({ p: '2', cursor: 'pointer' })}
          >
            <Icon name="menu" />
          </button>
          <span className={css({ fontWeight: 'bold', color: 'primary.500', fontSize: 'lg' })}>Balcão</span>
          <OfflineStatus />
        </header>
        <div
          aria-hidden="true"
          onClick={() => setDrawerOpen(false)}
          className={css({ position: 'fixed', inset: '0', bg: 'bg.backdrop', zIndex: 'overlay', transition: 'opacity 0.2s' })}
          style={{ opacity: drawerOpen ? 1 : 0, pointerEvents: drawerOpen ? 'auto' : 'none' }}
        />
        <div
          data-testid="sidebar-drawer"
          data-state={drawerOpen ? 'open' : 'closed'}
          className={css({
            position: 'fixed',
            top: '0',
            bottom: '0',
            left: '0',
            w: 'sidebar',
            maxW: '85vw',
            zIndex: 'modal',
            transition: 'transform 0.25s ease',
          })}
          style={{ transform: drawerOpen ? 'translateX(0)' : 'translateX(-100%)', visibility: drawerOpen ? 'visible' : 'hidden' }}
        >
          {deferredReady || drawerOpen ? (
            <Sidebar menu={menu} collapsed={false} onToggleCollapsed={() => {}} mobile onNavigate={() => setDrawerOpen(false)} />
          ) : null}
        </div>
        <main className={css({ p: '4' })}>{deferredReady ? children : null}</main>
        <UpdatePrompt />
      </div>
    );
  }

  return (
    <div className={css({ display: 'flex', minH: '100dvh' })}>
      <div
        data-testid="sidebar"
        className={css({ position: 'sticky', top: '0', h: '100dvh', flexShrink: 0, transition: 'width 0.2s' })}
        style={{ width: collapsed ? 64 : 256 }}
      >
        <Sidebar menu={menu} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} mobile={false} />
      </div>
      <main className={css({ flex: '1', minW: '0', p: { base: '4', lg: '8' } })}>
        <div className={css({ display: 'flex', justifyContent: 'flex-end', _empty: { display: 'none' }, mb: '3' })}>
          <OfflineStatus />
        </div>
        {children}
      </main>
      <UpdatePrompt />
    </div>
  );
}
