import { MENU_GROUPS, type MenuItem, type MenuPath } from '@/lib/navigation/menu';
import { routeGate } from '@/lib/navigation/route-meta';
import { menuDecls, type MenuDecl, type Resource } from '@/lib/resources';
import { RESOURCES } from './resources';
import { ROUTE_TABLE } from './route-table';

/**
 * A resource's menu item: label and icon from its declaration, its permission the one its route
 * needs (src/app/route-table.ts), unless the declaration names another one (the spec's overrides,
 * each commented in its declaration).
 */
function item(resource: Resource, decl: MenuDecl): MenuItem & { order: number } {
  const to = decl.to ?? resource.list?.route;
  if (!to) throw new Error(`menu de ${resource.label} sem rota`);
  const permission =
    decl.permission === undefined ? routeGate(ROUTE_TABLE[to]) : typeof decl.permission === 'string' ? resource.permission(decl.permission) : decl.permission;
  return {
    key: decl.key ?? to.slice(1),
    to: to as MenuPath,
    label: decl.label ?? resource.label,
    icon: decl.icon ?? resource.icon,
    group: decl.group,
    order: decl.order,
    ...(permission ? { permission } : {}),
    ...(decl.restrictedTypes ? { restrictedTypes: decl.restrictedTypes } : {}),
  };
}

/** The Dashboard item needs what the route `/` needs (user me, spec 000 §2.1–2.2). */
function dashboardPermission(): Pick<MenuItem, 'permission'> {
  const permission = routeGate(ROUTE_TABLE['/']);
  return permission ? { permission } : {};
}

/**
 * The sidebar of spec 000 §2.2, in order: the Dashboard, then every declared item by group
 * (`MENU_GROUPS`) and by its `order` inside the group.
 */
export const MENU: readonly MenuItem[] = [
  // The home belongs to no resource: its item needs what its route needs (user me, spec 000 §2.2).
  { key: 'dashboard', to: '/', label: 'Dashboard', group: 'PRINCIPAL', icon: 'home', ...dashboardPermission() },
  ...RESOURCES.flatMap((r) => menuDecls(r).map((d) => item(r, d)))
    .sort((a, b) => MENU_GROUPS.indexOf(a.group) - MENU_GROUPS.indexOf(b.group) || a.order - b.order)
    .map(({ order: _order, ...rest }) => rest),
];
