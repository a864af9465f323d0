import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { listPage, tableCell } from 'styled-system/recipes';
import { ExportMenu, listQueryView, NOTHING_OFFLINE_TEXT, useListSearch, type ExportColumnSpec } from '@/components/layout/list';
import { Icon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import type { Company } from '@/shared/companies';
import { foldText } from '@/lib/api/filters';
import { formatDocument } from '@/lib/document';
import type { ListSearch } from '@/lib/list-search';
import { hasPermission } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { dispatcherQueries } from './api';
import { despachanteResource } from './resource';

/** The local filters of the list (spec 001 §2 "Dispatchers"): field → label. */
const LOCAL_FILTERS = [
  { name: 'trade_name', label: 'Nome fantasia' },
  { name: 'legal_name', label: 'Razão Social' },
  { name: 'cnpj', label: 'CNPJ' },
] as const;

/** The table's columns as 'Exportar' writes them. */
const EXPORT_COLUMNS: ExportColumnSpec[] = [
  { header: 'Nome fantasia', value: 'trade_name' },
  { header: 'Razão Social', value: 'legal_name' },
  { header: 'CNPJ', value: 'cnpj', format: 'document' },
];

const fold = (s: string | null | undefined) => foldText(s ?? '');
/** A CNPJ filter matches typed with or without punctuation. */
const bare = (s: string | null | undefined) => (s ?? '').replace(/[^0-9a-z]/gi, '').toLowerCase();

/**
 * The rows the search box and the local filters leave (spec 001 §2): the free search matches trade
 * name, legal name or CNPJ (accents and case ignored, CNPJ with or without punctuation); each filter
 * its own field.
 */
export function filterDispatchers(rows: Company[], q: string | undefined, filters: Record<string, string> | undefined): Company[] {
  const text = fold(q?.trim());
  return rows.filter((d) => {
    if (text && ![d.trade_name, d.legal_name].some((v) => fold(v).includes(text)) && !(bare(text) && bare(d.cnpj).includes(bare(text)))) return false;
    for (const { name } of LOCAL_FILTERS) {
      const want = filters?.[name]?.trim();
      if (!want) continue;
      if (name === 'cnpj' ? !bare(d.cnpj).includes(bare(want)) : !fold(d[name]).includes(fold(want))) return false;
    }
    return true;
  });
}

/**
 * /despachantes 'Despachantes' (spec 001 §2 "Dispatchers", §7, §8): the dispatchers (up to 100)
 * with a free search and the local filters Nome fantasia, Razão Social, CNPJ (kept in the URL);
 * the table Nome fantasia, Razão Social, CNPJ with the view action to the details; 'Nenhum
 * despachante encontrado.'; the footer 'Visualizando todos os despachantes' with the range; Novo
 * for holders of company create. A failed load toasts 'Erro ao buscar despachantes.'.
 */
export function DespachanteList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const { permissions } = useSession();
  const controls = useListSearch({ search, onSearchChange });
  const list = listQueryView(useQuery(dispatcherQueries.list()));
  const rows = filterDispatchers(list.data ?? [], controls.searchText, search.filters);
  const total = rows.length;
  const s = listPage();
  const setFilter = (name: string, value: string) => {
    const next = { ...(search.filters ?? {}), [name]: value };
    if (!value) delete next[name];
    controls.update({ filters: Object.keys(next).length ? next : undefined });
  };
  return (
    <div className={s.root}>
      <div className={s.header}>
        <h1 className={s.title}>Despachantes</h1>
        {/* the rows on screen (its search and filters run here, accents folded): the file asks for them by documentId */}
        {total > 0 ? (
          <ExportMenu
            request={{
              path: despachanteResource.path,
              query: { filters: { $and: [despachanteResource.list.where, { documentId: { $in: rows.map((d) => d.documentId) } }] }, sort: ['trade_name:asc'] },
            }}
            columns={EXPORT_COLUMNS}
            title="Despachantes"
            total={total}
          />
        ) : null}
        {hasPermission(permissions, despachanteResource.permission('create')) ? (
          <Link to="/despachante/new" className={s.newLink}>
            <Icon name="plus" /> Novo
          </Link>
        ) : null}
      </div>
      <div className={s.panel}>
        <div className={s.toolbar}>
          <label className={s.search}>
            <span className={css({ srOnly: true })}>Buscar despachante</span>
            <span className={s.searchIcon} aria-hidden>
              <Icon name="search" />
            </span>
            <Input type="search" placeholder="Buscar..." value={controls.searchText} onChange={(e) => controls.setSearchText(e.target.value)} />
          </label>
        </div>
        <div className={s.filterGrid}>
          {LOCAL_FILTERS.map((f) => (
            <label key={f.name}>
              <span className={s.filterLabel}>{f.label}</span>
              <Input value={search.filters?.[f.name] ?? ''} onChange={(e) => setFilter(f.name, e.target.value)} />
            </label>
          ))}
        </div>
      </div>
      <div className={s.body}>
        <div className={s.tableScroll}>
          <table className={s.table}>
            <thead>
              <tr>
                <th className={tableCell()}>Nome fantasia</th>
                <th className={tableCell()}>Razão Social</th>
                <th className={tableCell()}>CNPJ</th>
                <th className={tableCell()}>
                  <span className={css({ srOnly: true })}>Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isLoading ? (
                <tr>
                  <td colSpan={4} className={s.empty}>
                    Carregando...
                  </td>
                </tr>
              ) : total === 0 ? (
                <tr>
                  <td colSpan={4} className={s.empty}>
                    {list.nothingOffline ? NOTHING_OFFLINE_TEXT : 'Nenhum despachante encontrado.'}
                  </td>
                </tr>
              ) : (
                rows.map((d) => (
                  <tr key={d.documentId}>
                    <td className={tableCell({ wrap: true })}>{d.trade_name}</td>
                    <td className={tableCell({ wrap: true })}>{d.legal_name}</td>
                    <td className={tableCell()}>{formatDocument(d.cnpj)}</td>
                    <td className={tableCell()}>
                      <div className={s.actions}>
                        <Link to="/despachante/$id/details" params={{ id: d.documentId }} className={s.iconLink} aria-label="Visualizar" title="Visualizar">
                          <Icon name="eye" />
                        </Link>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <div className={s.footer}>
          <span>Visualizando todos os despachantes</span>
          <span>{list.nothingOffline ? null : total === 0 ? '0 de 0' : `1-${total} de ${total}`}</span>
        </div>
      </div>
    </div>
  );
}
