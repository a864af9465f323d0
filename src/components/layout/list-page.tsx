import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icons';
import { Input, NativeSelect } from '@/components/ui/input';
import { crudAbilities, type PermissionBase } from '@/lib/permissions';
import { PAGE_SIZE_OPTIONS, rangeText, type ListSearch } from '@/lib/list-search';
import { useSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-media-query';

/** A filter of the filter panel; its value lands in `search.filters[name]` as text. */
export type FilterField =
  | { name: string; label: string; type: 'text' | 'number' | 'date'; placeholder?: string }
  | { name: string; label: string; type: 'select'; options: ReadonlyArray<{ value: string; label: string }> };

/** Columns are TanStack Table column defs; `meta.sortField` (or the column id) is the API sort field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack Table's own idiom: a column list mixes value types
export type ListColumn<T> = ColumnDef<T, any>;

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** API field to sort on when this column header is clicked (defaults to the column id). */
    sortField?: string;
  }
}

export interface ListPageProps<T> {
  title: string;
  /** API and controller whose create/update/destroy|delete decide the new/edit/delete actions. */
  permissionBase: PermissionBase;
  columns: ListColumn<T>[];
  /** Rows of the current page (undefined while loading). */
  rows: T[] | undefined;
  /** Total records on the server (meta.pagination.total). */
  total: number;
  isLoading: boolean;
  /** The URL state, from `Route.useSearch()`. */
  search: ListSearch;
  /** Writes the URL state, e.g. `(next) => navigate({ search: next })`. */
  onSearchChange: (next: ListSearch) => void;
  getRowId: (row: T) => string;
  /** Path of the "new" screen; the button shows only with `create`. */
  newTo?: string;
  /** Path of a row's edit screen; the action shows only with `update`. */
  editTo?: (row: T) => string;
  /** Deletes a row (the screen shows its own success/failure toasts); shown only with `destroy`/`delete`. */
  onDelete?: (row: T) => Promise<unknown>;
  /** More row actions (links to details, documents...). */
  rowActions?: (row: T) => ReactNode;
  filterFields?: readonly FilterField[];
  /** Options of 'Ordenar por' in the filter panel (writes `sort`). */
  sortOptions?: ReadonlyArray<{ value: string; label: string }>;
  pageSizeOptions?: readonly number[];
  /** Extra content above the table (totals, tabs...). */
  toolbar?: ReactNode;
  /**
   * The screen sends `q` to the server (spec 001 §7 free-text search of orders and
   * receivables): the frame then does not filter the page on the client, and a new `q`
   * goes back to page 1. Default false (client-side search of the current page).
   */
  serverSearch?: boolean;
  /**
   * Column ids shown on the cards under 768 px, in this order (default: the first 4 columns).
   * E.g. orders show their status and final value on a phone.
   */
  mobileColumns?: readonly string[];
}

/** Lets the frame link to any screen path built at runtime. */
const toPath = (path: string) => path as '/';

const s = {
  page: css({ display: 'flex', flexDir: 'column', gap: '4' }),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' }),
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  card: css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: '4' }),
  searchRow: css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' }),
  filters: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '3', mt: '3' }),
  label: css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1' }),
  table: css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm', '& th, & td': { textAlign: 'left', px: '3', py: '2.5', borderBottomWidth: '1px', borderColor: 'border' }, '& th': { color: 'fg.muted', fontWeight: 'semibold', whiteSpace: 'nowrap' } }),
  sortButton: css({ display: 'inline-flex', alignItems: 'center', gap: '1', cursor: 'pointer', fontWeight: 'semibold', _hover: { color: 'fg' } }),
  actions: css({ display: 'flex', gap: '1', justifyContent: 'flex-end' }),
  footer: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', mt: '3' }),
  mobileCard: css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: '3', display: 'grid', gap: '1.5' }),
  cardRow: css({ display: 'flex', justifyContent: 'space-between', gap: '3', '& dt': { color: 'fg.muted' }, '& dd': { textAlign: 'right', fontWeight: 'medium' } }),
  muted: css({ color: 'fg.muted', textAlign: 'center', py: '6' }),
  // Row actions stay in view when a wide table (orders: 9 columns) scrolls sideways on a laptop.
  stickyActions: css({ position: 'sticky', right: 0, bg: 'bg.surface', textAlign: 'right!', boxShadow: 'inset 1px 0 0 token(colors.border)' }),
};

function headerText<T>(column: ListColumn<T>): string {
  return typeof column.header === 'string' ? column.header : (column.id ?? '');
}

/**
 * The list frame of spec 000 §2.4 and spec 001 §2 "Common list behaviour": title,
 * search box (filters the current page on the client), toggleable filter panel
 * ('Filtros de busca', Limpar, Filtrar), sortable table (server-side sort through the
 * URL), 'Carregando...', 'Nenhum item encontrado', '{from}-{to} de {total} itens',
 * 'Visualizações por página' (5/10/20/50), rows as cards with the first 4 columns under
 * 768 px, edit/delete with 'Confirmar exclusão'. New/edit/delete show only when the user
 * holds create/update/destroy|delete on `permissionBase`. Changing page size, filters or
 * sort goes back to page 1.
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { title, permissionBase, columns, rows, total, isLoading, search, onSearchChange, getRowId, newTo, editTo, onDelete, rowActions } = props;
  const { permissions } = useSession();
  const abilities = crudAbilities(permissions, permissionBase);
  const isMobile = useIsMobile();
  const [filtersOpen, setFiltersOpen] = useState(Boolean(search.filters));
  const [draft, setDraft] = useState<Record<string, string>>(() => ({ ...search.filters, ...(search.sort ? { __sort: search.sort } : {}) }));
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);

  const showEdit = Boolean(editTo) && abilities.canUpdate;
  const showDelete = Boolean(onDelete) && abilities.canDelete;
  const hasActions = showEdit || showDelete || Boolean(rowActions);

  const sorting: SortingState = useMemo(() => {
    if (!search.sort) return [];
    const [field, dir] = search.sort.split(':');
    const col = columns.find((c) => (c.meta?.sortField ?? c.id) === field);
    return col?.id ? [{ id: col.id, desc: dir === 'desc' }] : [];
  }, [search.sort, columns]);

  const allColumns = useMemo<ListColumn<T>[]>(() => {
    if (!hasActions) return columns;
    return [
      ...columns,
      {
        id: '__actions',
        header: 'Ações',
        enableSorting: false,
        cell: ({ row }) => (
          <div className={s.actions}>
            {rowActions?.(row.original)}
            {showEdit && editTo ? (
              <Link to={toPath(editTo(row.original))} className={css({ display: 'inline-flex', p: '1.5', borderRadius: 'md', _hover: { bg: 'gray.100' } })} aria-label="Editar" title="Editar">
                <Icon name="pencil" size={16} />
              </Link>
            ) : null}
            {showDelete ? (
              <Button variant="ghost" size="icon" aria-label="Excluir" title="Excluir" onClick={() => setToDelete(row.original)}>
                <Icon name="trash" size={16} />
              </Button>
            ) : null}
          </div>
        ),
      },
    ];
  }, [columns, hasActions, showEdit, showDelete, editTo, rowActions]);

  const table = useReactTable({
    data: rows ?? [],
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, globalFilter: props.serverSearch ? '' : (search.q ?? '') },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: true,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const col = first ? columns.find((c) => c.id === first.id) : undefined;
      const field = col ? (col.meta?.sortField ?? col.id) : undefined;
      onSearchChange({ ...search, page: 1, sort: first && field ? `${field}:${first.desc ? 'desc' : 'asc'}` : undefined });
    },
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });

  const visibleRows = table.getRowModel().rows;
  const pageCount = Math.max(1, Math.ceil(total / search.pageSize));
  const sizes = props.pageSizeOptions ?? PAGE_SIZE_OPTIONS;

  const applyFilters = () => {
    const { __sort, ...filters } = draft;
    const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined));
    onSearchChange({ ...search, page: 1, filters: Object.keys(clean).length ? clean : undefined, sort: __sort || search.sort });
  };
  const clearFilters = () => {
    setDraft({});
    onSearchChange({ page: 1, pageSize: search.pageSize, q: search.q });
  };

  const confirmDelete = async () => {
    if (!toDelete || !onDelete) return;
    setDeleting(true);
    try {
      await onDelete(toDelete);
    } catch {
      // the screen reports failures with its own toast
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const filterPanel = props.filterFields?.length || props.sortOptions?.length ? (
    <div className={s.card}>
      <button
        type="button"
        className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', cursor: 'pointer', w: 'full' })}
        aria-expanded={filtersOpen}
        onClick={() => setFiltersOpen((o) => !o)}
      >
        <Icon name="filter" size={16} />
        Filtros de busca
        <Icon name="chevronDown" size={16} className={css({ ml: 'auto', transform: filtersOpen ? 'rotate(180deg)' : undefined })} />
      </button>
      {filtersOpen ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            applyFilters();
          }}
        >
          <div className={s.filters}>
            {props.filterFields?.map((f) => (
              <label key={f.name}>
                <span className={s.label}>{f.label}</span>
                {f.type === 'select' ? (
                  <NativeSelect value={draft[f.name] ?? ''} onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}>
                    {f.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  <Input
                    type={f.type}
                    inputMode={f.type === 'number' ? 'numeric' : undefined}
                    placeholder={f.placeholder}
                    value={draft[f.name] ?? ''}
                    onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
                  />
                )}
              </label>
            ))}
            {props.sortOptions?.length ? (
              <>
                <label>
                  <span className={s.label}>Ordenar por</span>
                  <NativeSelect
                    value={(draft.__sort ?? '').split(':')[0] ?? ''}
                    onChange={(e) => setDraft((d) => ({ ...d, __sort: e.target.value ? `${e.target.value}:${(d.__sort ?? '').split(':')[1] || 'asc'}` : '' }))}
                  >
                    <option value="">—</option>
                    {props.sortOptions.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
                <label>
                  <span className={s.label}>Direção</span>
                  <NativeSelect
                    value={(draft.__sort ?? '').split(':')[1] || 'asc'}
                    onChange={(e) => setDraft((d) => ({ ...d, __sort: `${(d.__sort ?? '').split(':')[0] || 'id'}:${e.target.value}` }))}
                  >
                    <option value="asc">Crescente</option>
                    <option value="desc">Decrescente</option>
                  </NativeSelect>
                </label>
              </>
            ) : null}
          </div>
          <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '3' })}>
            <Button variant="outline" onClick={clearFilters}>
              Limpar
            </Button>
            <Button type="submit">Filtrar</Button>
          </div>
        </form>
      ) : null}
    </div>
  ) : null;

  return (
    <section className={s.page} aria-labelledby="list-title">
      <div className={s.header}>
        <h1 id="list-title" className={s.title}>
          {title}
        </h1>
        {newTo && abilities.canCreate ? (
          <Link to={toPath(newTo)} className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '2', bg: 'primary.500', color: 'white', h: '10', px: '4', borderRadius: 'md', fontWeight: 'medium', _hover: { bg: 'primary.600' } }))}>
            <Icon name="plus" size={16} /> Novo
          </Link>
        ) : null}
      </div>

      <div className={s.searchRow}>
        <div className={css({ position: 'relative', flex: '1', minW: '200px', maxW: { md: '360px' } })}>
          <Icon name="search" size={16} className={css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted' })} />
          <Input
            type="search"
            aria-label="Buscar"
            placeholder="Buscar..."
            className={css({ pl: '9' })}
            value={search.q ?? ''}
            onChange={(e) => onSearchChange({ ...search, ...(props.serverSearch ? { page: 1 } : {}), q: e.target.value || undefined })}
          />
        </div>
        {props.toolbar}
      </div>

      {filterPanel}

      <div className={s.card}>
        {isMobile ? (
          <div className={css({ display: 'grid', gap: '3' })} role="list" aria-label={title}>
            {isLoading ? (
              <p className={s.muted}>Carregando...</p>
            ) : visibleRows.length === 0 ? (
              <p className={s.muted}>Nenhum item encontrado</p>
            ) : (
              visibleRows.map((row) => (
                <article key={row.id} className={s.mobileCard} role="listitem">
                  <dl className={css({ display: 'grid', gap: '1' })}>
                    {row
                      .getVisibleCells()
                      .filter((c) => c.column.id !== '__actions')
                      .filter((c, i) => (props.mobileColumns ? props.mobileColumns.includes(c.column.id) : i < 4))
                      .sort((a, b) => (props.mobileColumns ? props.mobileColumns.indexOf(a.column.id) - props.mobileColumns.indexOf(b.column.id) : 0))
                      .map((cell) => (
                        <div key={cell.id} className={s.cardRow}>
                          <dt>{headerText(cell.column.columnDef)}</dt>
                          <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                        </div>
                      ))}
                  </dl>
                  {hasActions
                    ? row
                        .getVisibleCells()
                        .filter((c) => c.column.id === '__actions')
                        .map((cell) => <div key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>)
                    : null}
                </article>
              ))
            )}
          </div>
        ) : (
          <div className={css({ overflowX: 'auto' })}>
            <table className={s.table}>
              <thead>
                {table.getHeaderGroups().map((hg) => (
                  <tr key={hg.id}>
                    {hg.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      const label = flexRender(header.column.columnDef.header, header.getContext());
                      return (
                        <th key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined} className={header.column.id === '__actions' ? s.stickyActions : undefined}>
                          {header.column.getCanSort() && header.column.id !== '__actions' ? (
                            <button type="button" className={s.sortButton} onClick={header.column.getToggleSortingHandler()}>
                              {label}
                              <Icon name={sorted === 'asc' ? 'arrowUp' : sorted === 'desc' ? 'arrowDown' : 'sort'} size={14} />
                            </button>
                          ) : (
                            label
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {isLoading ? (
                  <tr>
                    <td colSpan={allColumns.length} className={s.muted}>
                      Carregando...
                    </td>
                  </tr>
                ) : visibleRows.length === 0 ? (
                  <tr>
                    <td colSpan={allColumns.length} className={s.muted}>
                      Nenhum item encontrado
                    </td>
                  </tr>
                ) : (
                  visibleRows.map((row) => (
                    <tr key={row.id}>
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className={cell.column.id === '__actions' ? s.stickyActions : undefined}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}

        <div className={s.footer}>
          <span>{rangeText(search.page, search.pageSize, total)}</span>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            <label className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
              <span>Visualizações por página</span>
              <NativeSelect
                className={css({ w: '20' })}
                value={String(search.pageSize)}
                onChange={(e) => onSearchChange({ ...search, page: 1, pageSize: Number(e.target.value) })}
              >
                {sizes.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
              <Button variant="outline" size="icon" aria-label="Página anterior" disabled={search.page <= 1} onClick={() => onSearchChange({ ...search, page: search.page - 1 })}>
                <Icon name="chevronLeft" size={16} />
              </Button>
              <span className={css({ minW: '16', textAlign: 'center' })}>
                {Math.min(search.page, pageCount)} / {pageCount}
              </span>
              <Button variant="outline" size="icon" aria-label="Próxima página" disabled={search.page >= pageCount} onClick={() => onSearchChange({ ...search, page: search.page + 1 })}>
                <Icon name="chevronRight" size={16} />
              </Button>
            </div>
          </div>
        </div>
      </div>

      <ConfirmDeleteDialog open={toDelete !== null} onOpenChange={(open) => !open && !deleting && setToDelete(null)} onConfirm={confirmDelete} busy={deleting} />
    </section>
  );
}
