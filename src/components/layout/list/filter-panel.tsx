import { useState } from 'react';
import { css } from 'styled-system/css';
import { listPage } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { Input, NativeSelect } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { TRI_STATE_OPTIONS } from './flags';
import type { ListSearchControls } from './use-resource-list';
import type { FilterField } from './types';

export interface FilterPanelProps {
  list: Pick<ListSearchControls, 'search' | 'update' | 'replace'>;
  fields?: readonly FilterField[] | undefined;
  /** Options of 'Ordenar por' (writes `sort`; 'Direção' picks asc/desc). */
  sortOptions?: ReadonlyArray<{ value: string; label: string }> | undefined;
}

const SORT_KEY = '__sort';

/** A switch filter's position: its drafted value, else its default (off unless `defaultOn`). */
const switchOn = (f: { defaultOn?: boolean }, value: string | undefined) => (value ? value === 'true' : (f.defaultOn ?? false));
const switchCell = css({ display: 'flex', alignItems: 'flex-end', minH: '10', pb: '2' });

/**
 * 'Filtros de busca' (spec 000 §2.4): a toggled panel whose fields are a draft until
 * Filtrar writes them to `search.filters` (page 1); Limpar keeps only the page size and `q`.
 * Open at first when the URL already holds filters.
 */
export function FilterPanel({ list, fields, sortOptions }: FilterPanelProps) {
  const { search } = list;
  const [open, setOpen] = useState(Boolean(search.filters));
  const [draft, setDraft] = useState<Record<string, string>>(() => ({ ...search.filters, ...(search.sort ? { [SORT_KEY]: search.sort } : {}) }));
  const s = listPage();
  if (!fields?.length && !sortOptions?.length) return null;

  const set = (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const [sortField = '', sortDir = ''] = (draft[SORT_KEY] ?? '').split(':');

  const apply = () => {
    const { [SORT_KEY]: sort, ...filters } = draft;
    for (const f of fields ?? []) if (f.type === 'switch' && !filters[f.name]) filters[f.name] = String(f.defaultOn ?? false);
    const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined));
    list.update({ filters: Object.keys(clean).length ? clean : undefined, sort: sort || search.sort });
  };
  const clear = () => {
    setDraft({});
    list.replace({ page: 1, pageSize: search.pageSize, q: search.q });
  };

  return (
    <div className={s.panel}>
      <button type="button" className={s.filterToggle} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Icon name="filter" size={16} />
        Filtros de busca
        <Icon name="chevronDown" size={16} data-part="chevron" />
      </button>
      {open ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <div className={s.filterGrid}>
            {fields?.map((f) =>
              f.type === 'switch' ? (
                <div key={f.name} className={switchCell}>
                  <Switch
                    label={switchOn(f, draft[f.name]) ? f.label : f.offLabel}
                    checked={switchOn(f, draft[f.name])}
                    onChange={(on) => set(f.name, String(on))}
                  />
                </div>
              ) : (
                <label key={f.name}>
                  <span className={s.filterLabel}>{f.label}</span>
                  {f.type === 'select' || f.type === 'tri-state' ? (
                    <NativeSelect value={draft[f.name] ?? ''} onChange={(e) => set(f.name, e.target.value)}>
                      {(f.type === 'select' ? f.options : TRI_STATE_OPTIONS).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    <Input
                      type={f.type ?? 'text'}
                      inputMode={f.type === 'number' ? 'numeric' : undefined}
                      placeholder={f.placeholder}
                      value={draft[f.name] ?? ''}
                      onChange={(e) => set(f.name, e.target.value)}
                    />
                  )}
                </label>
              ),
            )}
            {sortOptions?.length ? (
              <>
                <label>
                  <span className={s.filterLabel}>Ordenar por</span>
                  <NativeSelect value={sortField} onChange={(e) => set(SORT_KEY, e.target.value ? `${e.target.value}:${sortDir || 'asc'}` : '')}>
                    <option value="">—</option>
                    {sortOptions.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
                <label>
                  <span className={s.filterLabel}>Direção</span>
                  <NativeSelect value={sortDir || 'asc'} onChange={(e) => set(SORT_KEY, `${sortField || 'id'}:${e.target.value}`)}>
                    <option value="asc">Crescente</option>
                    <option value="desc">Decrescente</option>
                  </NativeSelect>
                </label>
              </>
            ) : null}
          </div>
          <div className={s.filterActions}>
            <Button variant="outline" onClick={clear}>
              Limpar
            </Button>
            <Button type="submit">Filtrar</Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
