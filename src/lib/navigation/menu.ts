import { hasPermission, permission, type Permission, type PermissionTree } from '../permissions';
import type { AppRoutePath } from './route-table';

/** Sidebar groups, in order (spec 000 §2.2). */
export const MENU_GROUPS = ['PRINCIPAL', 'PEDIDOS E SERVIÇOS', 'FINANCEIRO', 'CADASTROS', 'ADMINISTRAÇÃO'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** The user types the menu rules know; `company` is the spec's `concessionaria`. */
export type MenuUserType = 'admin' | 'concessionaria' | 'dispatcher' | 'salesman';

export type MenuIcon =
  | 'home' | 'orders' | 'receivable' | 'payable' | 'dispatcher' | 'company' | 'customer' | 'payment'
  | 'vehicle' | 'item' | 'users' | 'roles' | 'states' | 'documents';

export interface MenuItem {
  /** Unique key (two items point at /receivables). */
  key: string;
  to: AppRoutePath;
  label: string;
  group: MenuGroup;
  icon: MenuIcon;
  permission?: Permission;
  /** Only for user type admin. */
  requiresAdmin?: boolean;
  /** Shown only to these user types. */
  allowedTypes?: readonly MenuUserType[];
  /** Hidden from these user types. */
  restrictedTypes?: readonly MenuUserType[];
}

const user = (action: string) => permission('users-permissions', 'user', action);
const find = (name: string) => permission(name, name, 'find');

/** The sidebar of spec 000 §2.2, with its menu permissions. */
export const MENU: readonly MenuItem[] = [
  { key: 'dashboard', to: '/', label: 'Dashboard', group: 'PRINCIPAL', icon: 'home', permission: user('me') },
  { key: 'sales-orders', to: '/sales-orders', label: 'Pedidos', group: 'PEDIDOS E SERVIÇOS', icon: 'orders', permission: find('sales-order') },
  { key: 'receivables', to: '/receivables', label: 'Contas a Receber', group: 'FINANCEIRO', icon: 'receivable', permission: find('receivable') },
  { key: 'payables', to: '/receivables', label: 'Contas a Pagar', group: 'FINANCEIRO', icon: 'payable', permission: find('receivable') },
  { key: 'despachantes', to: '/despachantes', label: 'Despachantes', group: 'CADASTROS', icon: 'dispatcher', permission: find('company'), restrictedTypes: ['concessionaria'] },
  { key: 'companies', to: '/companies', label: 'Concessionárias', group: 'CADASTROS', icon: 'company', permission: find('company') },
  { key: 'customers', to: '/customers', label: 'Clientes', group: 'CADASTROS', icon: 'customer', permission: find('customer') },
  { key: 'payment-methods', to: '/payment-methods', label: 'Meios de Pagamento', group: 'CADASTROS', icon: 'payment', permission: find('payment-method') },
  { key: 'vehicle-types', to: '/vehicle-types', label: 'Tipos de Veículo', group: 'CADASTROS', icon: 'vehicle', permission: find('vehicle-type') },
  { key: 'sales-items', to: '/sales-items', label: 'Itens para Venda', group: 'CADASTROS', icon: 'item', permission: find('sales-item') },
  { key: 'users', to: '/users', label: 'Usuários', group: 'ADMINISTRAÇÃO', icon: 'users', permission: user('find') },
  { key: 'roles', to: '/roles', label: 'Perfis de acesso', group: 'ADMINISTRAÇÃO', icon: 'roles', permission: permission('users-permissions', 'role', 'createRole') },
  { key: 'states', to: '/states', label: 'Estados', group: 'ADMINISTRAÇÃO', icon: 'states', permission: find('state') },
  { key: 'document-type', to: '/document-type', label: 'Tipos de Documento', group: 'ADMINISTRAÇÃO', icon: 'documents', permission: find('state') },
];

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
  items: readonly MenuItem[] = MENU,
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
