import { Link, useRouterState } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { Icon } from '@/components/ui/icons';
import { getConfig } from '@/lib/config';
import { isMenuItemActive, visibleMenu, type MenuItem } from '@/lib/navigation/menu';
import { useSession, userInitials } from '@/lib/session';
import { SignOutButton } from './sign-out-button';

export interface SidebarProps {
  /** The items in order (src/app/menu.ts); filtered here by permission and user type. */
  menu: readonly MenuItem[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Mobile drawer mode (under 768 px). */
  mobile: boolean;
  onNavigate?: () => void;
}

const s = {
  aside: css({ display: 'flex', flexDir: 'column', h: 'full', bg: 'bg.surface', borderRightWidth: '1px', borderColor: 'border' }),
  brand: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    h: '14',
    px: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
    fontWeight: 'bold',
    color: 'primary.500',
    fontSize: 'lg',
  }),
  nav: css({ flex: '1', overflowY: 'auto', py: '3' }),
  group: css({ px: '4', pt: '3', pb: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', letterSpacing: 'wide' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    mx: '2',
    px: '3',
    h: '9',
    borderRadius: 'md',
    color: 'fg',
    _hover: { bg: 'gray.100' },
    '&[aria-current=page]': { bg: 'primary.50', color: 'primary.600', fontWeight: 'semibold' },
  }),
  footer: css({ borderTopWidth: '1px', borderColor: 'border', p: '3', display: 'flex', alignItems: 'center', gap: '3' }),
  avatar: css({
    flexShrink: 0,
    w: '9',
    h: '9',
    borderRadius: 'full',
    bg: 'primary.500',
    color: 'white',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 'bold',
    fontSize: 'sm',
  }),
};

/**
 * The sidebar of spec 000 §2.2, built from the items of src/app/menu.ts with the rules of lib/navigation/menu.ts: groups, items the user's
 * role and type may see, the active rule, collapse, and the footer (initials, name or
 * 'Usuário', role name, Sair — which asks first when the user has queued items —, version label,
 * avatar link to /profile).
 */
export function Sidebar({ menu, collapsed, onToggleCollapsed, mobile, onNavigate }: SidebarProps) {
  const { user, permissions } = useSession();
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  const groups = visibleMenu(user?.type, permissions, menu);
  const narrow = collapsed && !mobile;
  const name = user?.name?.trim() || 'Usuário';

  return (
    <aside className={s.aside} aria-label="Barra lateral">
      <div className={cx(s.brand, narrow && css({ justifyContent: 'center', px: '0' }))}>
        {narrow ? null : <span className={css({ flex: '1' })}>Balcão</span>}
        {mobile ? (
          <button type="button" onClick={onNavigate} aria-label="Fechar menu" className={css({ p: '1', cursor: 'pointer', color: 'fg' })}>
            <Icon name="x" />
          </button>
        ) : (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
            aria-expanded={!collapsed}
            className={css({ p: '1', cursor: 'pointer', color: 'fg', borderRadius: 'md', _hover: { bg: 'gray.100' } })}
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
          </button>
        )}
      </div>
      <nav className={s.nav} aria-label="Menu principal">
        {groups.map(({ group, items }) => (
          <div key={group} role="group" aria-label={group}>
            {narrow ? <hr className={css({ mx: '3', my: '2', borderColor: 'border' })} /> : <div className={s.group}>{group}</div>}
            {items.map((item) => (
              <Link
                key={item.key}
                to={item.to}
                className={cx(s.item, narrow && css({ justifyContent: 'center', px: '0' }))}
                aria-current={isMenuItemActive(item.to, pathname) ? 'page' : undefined}
                title={narrow ? item.label : undefined}
                onClick={onNavigate}
              >
                <Icon name={item.icon} />
                {narrow ? <span className={css({ srOnly: true })}>{item.label}</span> : <span>{item.label}</span>}
              </Link>
            ))}
          </div>
        ))}
      </nav>
      <div className={cx(s.footer, narrow && css({ flexDir: 'column' }))}>
        <Link to="/profile" className={s.avatar} aria-label="Perfil" title="Perfil" onClick={onNavigate}>
          {userInitials(user?.name)}
        </Link>
        {narrow ? null : (
          <div className={css({ flex: '1', minW: '0' })}>
            <div className={css({ fontWeight: 'semibold', truncate: true })} data-testid="sidebar-user-name">
              {name}
            </div>
            <div className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })} data-testid="sidebar-role-name">
              {user?.role?.name ?? ''}
            </div>
            <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>{getConfig().version}</div>
          </div>
        )}
        <SignOutButton onNavigate={onNavigate} />
      </div>
    </aside>
  );
}
