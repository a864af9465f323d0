import type { IconName } from '@/components/ui/icons';
import type { FilterOperator } from './api/strapi';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, listSearchValidator } from './list-search';
import type { MenuGroup, MenuUserType } from './navigation/menu';
import { permission, type Permission, type PermissionBase } from './permissions';

/**
 * One declaration per resource (`features/<resource>/resource.ts`, made with
 * {@link defineResource}): every fact about a resource that other places of the app need, so each
 * lives once. Read by the route table and the menu (src/app/), the list frame (`resource` prop),
 * the generic data layer (lib/api/collection.ts) and, at build time, by index.html's maps and the
 * service worker's lookup list (scripts/vite/resource-maps.ts). Keep these modules free of zod and
 * React: route files import them eagerly (entry bundle); they are plain data.
 */
export interface ResourceDef extends PermissionBase {
  /** Strapi API name: `sales-order`, or `users-permissions` for the plugin's users and roles. */
  readonly api: string;
  /** Controller inside the API: `sales-order`, `user`, `role`. */
  readonly controller: string;
  /** Plural label of the menu item, the list title and the list skeleton, as the spec writes it ('Pedidos'). */
  readonly label: string;
  /** Menu icon. */
  readonly icon: IconName;
  /** Strapi collection path, without the API base: '/states'. */
  readonly path?: string;
  /**
   * The app's routes of the resource and the action each one needs: `{'/states': 'find',
   * '/state/$id': 'findOne', '/state/new': 'create'}`; 'signed-in' for a route that needs only a
   * session (spec 000 §2.1). The route table (src/app/route-table.ts) is the union of these.
   */
  readonly routes?: Readonly<Record<string, RouteAccess>>;
  /** The resource's sidebar item(s) (spec 000 §2.2). */
  readonly menu?: MenuDecl | readonly MenuDecl[];
  /**
   * The resource is a cached lookup: the service worker serves its select lists (pages of 100)
   * stale-while-revalidate, and every write that changes it drops them (lib/offline/lookup-cache.ts).
   */
  readonly lookup?: LookupDecl;
  /** The list screen: its route, its first page, its sort and filter fields. */
  readonly list?: ListDecl;
}

/** What a route needs: an action of the resource's API and controller, or just a session. */
export type RouteAccess = ResourceAction | 'signed-in' | (string & {});

/** Standard actions of a content API (users-permissions deletes with `destroy`). */
export type ResourceAction = 'find' | 'findOne' | 'create' | 'update' | 'delete' | 'destroy';

/** A sidebar item of a resource. */
export interface MenuDecl {
  /** Where it links; default the list route. */
  readonly to?: string;
  readonly group: MenuGroup;
  /** Position inside its group (the spec's order, ascending). */
  readonly order: number;
  /** Overrides for a second item of the same resource (Contas a Pagar). */
  readonly key?: string;
  readonly label?: string;
  readonly icon?: IconName;
  /**
   * The permission that shows it, when the spec gives another one than its route's (an action of
   * the resource, or a full triple); default the permission of the route it links to.
   */
  readonly permission?: string | Permission;
  /** Hidden from these user types. */
  readonly restrictedTypes?: readonly MenuUserType[];
}

/** How the service worker recognises the resource's select lists, and which writes change them. */
export interface LookupDecl {
  /** A query parameter every lookup request carries (users by type: 'filters[type][$eq]'). */
  readonly param?: string;
  /** Other collections whose writes change this list too (a dispatcher company creates its user). */
  readonly changedBy?: readonly string[];
}

/** One 'Ordenar por' option: the API field and its label. */
export interface SortOption {
  readonly value: string;
  readonly label: string;
}

/** How a filter's text is cleaned before it is sent (the API stores these bare). */
export type FilterClean = 'document' | 'digits' | 'decimal' | 'mask';

/** A field of the filter panel; its value lands in `search.filters[name]` as text. */
export type FilterField =
  /** `type` defaults to 'text'. */
  (
    | { name: string; label: string; type?: 'text' | 'number' | 'date'; placeholder?: string }
    | { name: string; label: string; type: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
    /** Todos / Sim / Não over a boolean field (sent as a boolean with `$eq`). */
    | { name: string; label: string; type: 'tri-state' }
    /**
     * An on/off switch whose label says what each position filters ('Apenas usuários bloqueados' /
     * 'Apenas usuários ativos'); it writes 'true' / 'false' whenever Filtrar is pressed. Untouched it
     * stands off, or on with `defaultOn` ('Apenas empresas ativas').
     */
    | { name: string; label: string; offLabel: string; type: 'switch'; defaultOn?: boolean }
  ) & {
    /** Strapi operator; default `$containsi` for text, `$eq` for the others. */
    op?: FilterOperator;
    /**
     * Cleaning of the typed text: 'document' a CPF/CNPJ's characters, 'digits' a phone's, 'decimal'
     * a decimal comma as a dot, 'mask' a username typed with its mask (spaces, dots, dashes, slashes out).
     */
    clean?: FilterClean;
  };

/** The list screen of a resource. */
export interface ListDecl {
  /** The list's route (also the skeleton's title path and the early request's path). */
  readonly route: string;
  /** The collection it reads, when not the resource's `path`. */
  readonly path?: string;
  /** Relations every list request populates. */
  readonly populate?: '*' | readonly string[];
  /** Filters every list request adds (dealerships: `{type: {$eq: 'company'}}`). */
  readonly where?: Readonly<Record<string, unknown>>;
  /** Page size at the default search (10) and the sizes offered (spec 000 §9). */
  readonly pageSize?: number;
  readonly pageSizes?: readonly number[];
  /** The rows come all at once, not paged by the API (roles): the request has no query. */
  readonly unpaged?: boolean;
  /**
   * The route's loader asks for its first page at the default search, so index.html's early
   * request may ask for it with the page (lib/api/early.ts); false for lists that load otherwise.
   */
  readonly early?: boolean;
  /** 'Ordenar por': API field → label, in the spec's order; also the sort fields the URL accepts. */
  readonly sort?: Readonly<Record<string, string>>;
  /** The filter panel, in order; also the filter names the URL accepts. */
  readonly filters?: readonly FilterField[];
}

/** A declared resource: its fields, the permission triple of any action, and its list's URL validator. */
export interface Resource extends ResourceDef {
  /** The permission triple `{api, controller, action}`; custom actions (`me`, `createRole`) too. */
  permission(action: ResourceAction | (string & {})): Permission;
  /** The list route's `validateSearch` (zod-free: it is in the entry bundle). */
  readonly validateSearch: ReturnType<typeof listSearchValidator>;
}

/**
 * Declares a resource. Example:
 * `export const stateResource = defineResource({ api: 'state', controller: 'state', label: 'Estados', icon: 'states', path: '/states', ... })`,
 * then `stateResource.permission('find')` → `{api: 'state', controller: 'state', action: 'find'}`.
 */
export function defineResource<const D extends ResourceDef>(def: D): D & Resource {
  return {
    ...def,
    permission: (action) => permission(def.api, def.controller, action),
    validateSearch: listSearchValidator({
      defaultPageSize: def.list?.pageSize ?? DEFAULT_PAGE_SIZE,
      pageSizeOptions: def.list?.pageSizes ?? PAGE_SIZE_OPTIONS,
      sortFields: def.list?.sort ? Object.keys(def.list.sort) : undefined,
      filterFields: def.list?.filters?.map((f) => f.name),
    }),
  };
}

/** The sidebar items a resource declares (none, one or several). */
export function menuDecls(resource: ResourceDef): readonly MenuDecl[] {
  const { menu } = resource;
  return menu === undefined ? [] : Array.isArray(menu) ? menu : [menu as MenuDecl];
}

/** A cached lookup as the service worker (sw/lookups.ts) and the page's invalidation read it. */
export interface LookupRule {
  /** Collection path without the API base ('/states'); its query keys start with `userQueryKey('states')`. */
  path: string;
  /** A query parameter every lookup request of it carries ('filters[type][$eq]'). */
  param?: string;
  /** Collection paths whose writes change it, its own first ('/users', '/companies'). */
  changedBy: string[];
}

/** The lookup rules of the declared resources (those with `lookup`). */
export function lookupRules(resources: readonly ResourceDef[]): LookupRule[] {
  return resources.flatMap((r) => {
    if (!r.lookup) return [];
    const path = listPath(r);
    return [{ path, ...(r.lookup.param ? { param: r.lookup.param } : {}), changedBy: [path, ...(r.lookup.changedBy ?? [])] }];
  });
}

/**
 * The lookups a successful write to `path` ('/states/abc', '/companies/createDispatcher') changes:
 * those with a `changedBy` collection that is the path or a parent of it.
 */
export function lookupsChangedBy(rules: readonly LookupRule[], path: string): LookupRule[] {
  const bare = path.split('?')[0] ?? path;
  return rules.filter((rule) => rule.changedBy.some((c) => bare === c || bare.startsWith(`${c}/`)));
}

/** The collection a list reads ('/states'). @throws Error when the resource declares no path. */
export function listPath(resource: ResourceDef): string {
  const path = resource.list?.path ?? resource.path;
  if (!path) throw new Error(`recurso ${resource.api}.${resource.controller} sem path`);
  return path;
}
