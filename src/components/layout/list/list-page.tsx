import { Link, type ToOptions } from '@tanstack/react-router';
import { Suspense, lazy, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { listPage } from 'styled-system/recipes';
import { Icon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { crudAbilities, type CrudAbilities, type PermissionBase } from '@/lib/permissions';
import { sortOptions } from '@/lib/resource-lists';
import type { ResourceDef } from '@/lib/resources';
import { useSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-media-query';
import { useColumnChoice } from './column-choice';
import { ColumnChooser } from './column-chooser';
import { exportColumns } from './export-columns';
import { ExportMenu } from './export-menu';
import { FilterPanel } from './filter-panel';
import { ListBody } from './list-body';
import { MobileCards } from './mobile-cards';
import { Pager } from './pager';
import { actionsColumn } from './row-actions';
import { NOTHING_OFFLINE_TEXT } from './list-state';
import { headerText, type FilterField, type ListColumn } from './types';
import type { ResourceList } from './use-resource-list';

const EMPTY_ROWS: never[] = [];

// The delete confirmation (Ark Dialog, focus trap: ~12 KiB gzipped) loads with the first delete
// asked, not with every list (the lists are the pages users open most).
const ConfirmDeleteDialog = lazy(() => import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDeleteDialog })));

export type ListPageProps<T> = ListPageOptions<T> &
  (
    | {
        /** The resource declaration (`features/<x>/resource.ts`): its label is the title, its permissions decide new/edit/delete. */
        resource: ResourceDef;
        title?: string;
        permissionBase?: never;
      }
    | {
        title: string;
        /** API and controller whose create/update/destroy|delete decide the new/edit/delete actions. */
        permissionBase: PermissionBase;
        resource?: never;
      }
  );

interface ListPageOptions<T> {
  /** The list state and page, from `useResourceList()` (or `useListSearch()` plus rows). */
  list: ResourceList<T>;
  columns: ListColumn<T>[];
  getRowId: (row: T) => string;
  /** Path of the "new" screen; the button shows only with `create`. */
  newTo?: ToOptions;
  /** Path of a row's edit screen; the action shows only with `update`. */
  editTo?: (row: T) => ToOptions;
  /** Deletes a row (its mutation reports success and failure); shown only with `destroy`/`delete`. */
  onDelete?: (row: T) => Promise<unknown>;
  /** Rows that may not be deleted even with the permission (e.g. the stock public/authenticated roles); default all may. */
  canDeleteRow?: (row: T) => boolean;
  /**
   * Why a row's delete is refused although the role holds it (the server reserves it to
   * administrators: 'Apenas administradores podem excluir empresas.'): shown disabled with the reason.
   */
  deleteDisabledReason?: (row: T) => string | undefined;
  /** Rows that may not be edited even with the permission (e.g. other users' accounts for a non-administrator); default all may. */
  canEditRow?: (row: T) => boolean;
  /**
   * Overrides of the abilities read from the resource, for APIs whose actions are not
   * create/update/delete (roles: createRole, updateRole, deleteRole).
   */
  abilities?: Partial<CrudAbilities>;
  /** More row actions (links to details, documents...). */
  rowActions?: (row: T) => ReactNode;
  /** The filter panel; default the resource's declared `list.filters`. */
  filterFields?: readonly FilterField[];
  /** Options a declared select filter gets from the screen (a lookup, a status table), after its declared ones ('Todos'). */
  filterOptions?: Readonly<Record<string, ReadonlyArray<{ value: string; label: string }>>>;
  /** Options of 'Ordenar por' in the filter panel (writes `sort`); default the resource's declared `list.sort`. */
  sortOptions?: ReadonlyArray<{ value: string; label: string }>;
  /** Page sizes; default the resource's declared `list.pageSizes`, else spec 000 §9's. */
  pageSizeOptions?: readonly number[];
  /** Extra content beside the search box (totals, tabs...). */
  toolbar?: ReactNode;
  /**
   * Column ids shown on the cards under 768 px, in this order (default: the first 4 columns, as
   * spec 000 §2.4 says; a list that shows others says why in docs/decisions.md).
   */
  mobileColumns?: readonly string[];
  /** Key of the list's 'Colunas' choice in the user's storage; default the list's route ('/sales-orders'), else the title. */
  columnsKey?: string;
}

/**
 * The list frame of spec 000 §2.4 and spec 001 §2 "Common list behaviour": title, 'Novo',
 * the search box (debounced into `q`, see `useListSearch`; filters the current page on the
 * client unless the list searches on the server), the filter panel, the sortable table (sort
 * through the URL) or cards under 768 px, the pager and 'Confirmar exclusão'. Over the table,
 * 'Colunas' (ColumnChooser) says how many columns are off it and lets the user choose them, per
 * user and per list; 'Exportar' (ExportMenu) downloads every row of the list's query in those columns
 * as CSV or XLSX. New/edit/delete
 * show only when the user holds create/update/destroy|delete on the `resource` (or `permissionBase`). A new page
 * size, filter or sort goes back to page 1.
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { list, columns, getRowId, newTo, editTo, onDelete, rowActions } = props;
  const title = props.title ?? props.resource?.label ?? '';
  const { permissions } = useSession();
  const abilities = { ...crudAbilities(permissions, props.resource ?? props.permissionBase), ...props.abilities };
  const isMobile = useIsMobile();
  const columnChoice = useColumnChoice(props.columnsKey ?? props.resource?.list?.route ?? title);
  const [widthHidden, setWidthHidden] = useState<string[]>([]);
  const chooserColumns = useMemo(() => columns.map((c) => ({ id: c.id ?? '', label: headerText(c) })), [columns]);
  // 'Exportar' writes the columns the user keeps ('Colunas'), whatever the width
  const exported = useMemo(() => exportColumns(columns, columnChoice.choice.hidden), [columns, columnChoice.choice.hidden]);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Mounted from the first delete asked on (then kept, so it can animate closed).
  const [deleteAsked, setDeleteAsked] = useState(false);
  if (toDelete !== null && !deleteAsked) setDeleteAsked(true);
  const s = listPage();

  const canEdit = Boolean(editTo) && abilities.canUpdate;
  const canDelete = Boolean(onDelete) && abilities.canDelete;
  const allColumns = useMemo(() => {
    const actions = actionsColumn<T>({
      editTo: canEdit ? editTo : undefined,
      onDeleteRequest: canDelete ? setToDelete : undefined,
      canDeleteRow: props.canDeleteRow,
      deleteDisabledReason: props.deleteDisabledReason,
      canEditRow: props.canEditRow,
      rowActions,
    });
    return actions ? [...columns, actions] : columns;
  }, [columns, canEdit, canDelete, editTo, rowActions, props.canDeleteRow, props.deleteDisabledReason, props.canEditRow]);

  // The rows (and the end of loading) render in a deferred pass: the query's answer reaches React
  // as a synchronous update (useSyncExternalStore), and 25 cards or rows rendered there were one
  // long task (Total Blocking Time). The deferred pass is time-sliced (React yields to
  // the browser every few ms); the urgent one only re-renders the frame, the cards and the table
  // body keep their memoized output. The pager follows the deferred state, so it never shows
  // before the rows it sits under (CLS).
  const rows = useDeferredValue(list.rows);
  const isLoading = useDeferredValue(list.isLoading);
  const nothingOffline = useDeferredValue(list.nothingOffline ?? false);
  // On a phone the body (TanStack Table's instance, then the cards) mounts in a second, deferred
  // pass too: a route's first render is a synchronous router update, and the frame (title, search
  // box, filters) is all that pass needs to paint. Until then the body shows what the cards show
  // while loading (the same markup, so nothing moves).
  const bodyReady = useDeferredValue(true, false) || !isMobile;

  const confirmDelete = async () => {
    if (!toDelete || !onDelete) return;
    setDeleting(true);
    try {
      await onDelete(toDelete);
    } catch {
      // the delete mutation reports its own failure
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <section className={s.root} aria-labelledby="list-title">
      <div className={s.header}>
        <h1 id="list-title" className={s.title}>
          {title}
        </h1>
        <div className={s.headerActions}>
          {/* A table control: the cards show their own four columns. */}
          {isMobile ? null : <ColumnChooser columns={chooserColumns} controls={columnChoice} widthHidden={widthHidden} />}
          {list.request && exported.length ? <ExportMenu request={list.request} columns={exported} title={title} total={list.total} /> : null}
          {newTo && abilities.canCreate ? (
            <Link {...newTo} className={s.newLink}>
              <Icon name="plus" size={16} /> Novo
            </Link>
          ) : null}
        </div>
      </div>

      <div className={s.toolbar}>
        <div className={s.search}>
          <Icon name="search" size={16} className={s.searchIcon} />
          <Input type="search" aria-label="Buscar" placeholder="Buscar..." value={list.searchText} onChange={(e) => list.setSearchText(e.target.value)} />
        </div>
        {props.toolbar}
      </div>

      <FilterPanel
        list={list}
        fields={props.filterFields ?? withOptions(props.resource?.list?.filters, props.filterOptions)}
        sortOptions={props.sortOptions ?? (props.resource ? sortOptions(props.resource) : undefined)}
      />

      <div className={s.body}>
        {bodyReady ? (
          <ListBody<T>
            list={list}
            rows={rows}
            isLoading={isLoading}
            columns={columns}
            allColumns={allColumns}
            getRowId={getRowId}
            isMobile={isMobile}
            label={title}
            mobileColumns={props.mobileColumns}
            emptyText={nothingOffline ? NOTHING_OFFLINE_TEXT : undefined}
            columnChoice={columnChoice.choice}
            onWidthHiddenChange={setWidthHidden}
          />
        ) : (
          <MobileCards rows={EMPTY_ROWS} visibleColumns={EMPTY_ROWS} isLoading label={title} />
        )}
        {/* Not while the first page loads: rows arriving above it would move it (Lighthouse CLS). */}
        {/* With nothing offline the total is unknown: no '0 itens', but the way back to a cached page stays. */}
        {isLoading || !bodyReady ? null : (
          <Pager list={list} total={nothingOffline ? undefined : list.total} pageSizeOptions={props.pageSizeOptions ?? props.resource?.list?.pageSizes} />
        )}
      </div>

      {deleteAsked ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open={toDelete !== null}
            onOpenChange={(open) => !open && !deleting && setToDelete(null)}
            onConfirm={() => void confirmDelete()}
            busy={deleting}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** Declared filters with the screen's extra select options appended. */
function withOptions(fields: readonly FilterField[] | undefined, extra: ListPageOptions<unknown>['filterOptions']): readonly FilterField[] | undefined {
  if (!fields || !extra) return fields;
  return fields.map((f) => (f.type === 'select' && extra[f.name] ? { ...f, options: [...f.options, ...extra[f.name]!] } : f));
}
