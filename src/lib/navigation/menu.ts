import type { LinkProps } from '@tanstack/react-router';
import type { IconName } from '@/components/ui/icons';
import { hasPermission, type Permission, type PermissionTree } from '../permissions';

/**
 * The sidebar's rules (spec 000 §2.2): groups, visibility by permission and user type, and
 * the active rule. The items themselves are declared in src/app/menu.ts from the features'
 * resource declarations (lib/ never imports a feature).
 */

/** Sidebar groups, in order (spec 000 §2.2). */
export const MENU_GROUPS = ['PRINCIPAL', 'PEDIDOS E SERVIÇOS', 'FINANCEIRO', 'CADASTROS', 'ADMINISTRAÇÃO'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** The user types the menu rules know; `company` is the spec's `concessionaria`. */
export type MenuUserType = 'admin' | 'concessionaria' | 'dispatcher' | 'salesman';

/** A path of the registered route tree, so a menu item's link is type-checked. */
export type MenuPath = NonNullable<LinkProps['to']>;

export interface MenuItem {
  /** Unique key (two items point at /receivables). */
  key: string;
  to: MenuPath;
  label: string;
  group: MenuGroup;
  icon: IconName;
  permission?: Permission;
  /** Only for user type admin. */
  requiresAdmin?: boolean;
  /** Shown only to these user types. */
  allowedTypes?: readonly MenuUserType[];
  /** Hidden from these user types. */
  restrictedTypes?: readonly MenuUserType[];
}

/**
 * The user's type as the menu rules read it: `company` (and `concessionaria`) →
 * `concessionaria`; `dispatcher`/`despachante` → `dispatcher`; unknown → `salesman`.
 */
export function menuUserType(type: string | null | undefined): MenuUserType {
  switch (type) {
    case 'admin':
      return 'admin';
    case 'company':
    case 'concessionaria':
      return 'concessionaria';
    case 'dispatcher':
    case 'despachante':
      return 'dispatcher';
    default:
      return 'salesman';
  }
}

/** True when the item shows for this user (permission, requiresAdmin, allowed/restricted types). */
export function isMenuItemVisible(item: MenuItem, userType: string | null | undefined, tree: PermissionTree | null | undefined): boolean {
  const type = menuUserType(userType);
  if (item.permission && !hasPermission(tree, item.permission)) return false;
  if (item.requiresAdmin && type !== 'admin') return false;
  if (item.allowedTypes && !item.allowedTypes.includes(type)) return false;
  if (item.restrictedTypes?.includes(type)) return false;
  return true;
}

/** The visible items grouped in sidebar order; empty groups are dropped. */
export function visibleMenu(
  userType: string | null | undefined,
  tree: PermissionTree | null | undefined,
  items: readonly MenuItem[],
): Array<{ group: MenuGroup; items: MenuItem[] }> {
  return MENU_GROUPS.map((group) => ({
    group,
    items: items.filter((item) => item.group === group && isMenuItemVisible(item, userType, tree)),
  })).filter((g) => g.items.length > 0);
}

/** Singular of a path segment: `companies` → `company`, `users` → `user`. */
export function singularSegment(segment: string): string {
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  if (segment.endsWith('s')) return segment.slice(0, -1);
  return segment;
}

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The active rule of spec 000 §2.2: the path equals the item's route or starts with it,
 * or with the item's route whose last segment is made singular (`/user/5` → `/users`).
 * `/` is active only on `/`.
 */
export function isMenuItemActive(itemPath: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (itemPath === '/') return path === '/';
  if (within(path, itemPath)) return true;
  const slash = itemPath.lastIndexOf('/');
  const singular = `${itemPath.slice(0, slash + 1)}${singularSegment(itemPath.slice(slash + 1))}`;
  return singular !== itemPath && within(path, singular);
}
