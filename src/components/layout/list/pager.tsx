import { listPage } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { NativeSelect } from '@/components/ui/input';
import { PAGE_SIZE_OPTIONS, rangeText } from '@/lib/list-search';
import type { ListSearchControls } from './use-resource-list';

export interface PagerProps {
  list: Pick<ListSearchControls, 'search' | 'update'>;
  /** Total records on the server; undefined when unknown (nothing offline for the page): no range, no last page. */
  total: number | undefined;
  pageSizeOptions?: readonly number[] | undefined;
}

/**
 * The list footer of spec 000 §2.4: '{from}-{to} de {total} itens', 'Visualizações por
 * página' (a new size returns to page 1) and previous/next page.
 */
export function Pager({ list, total, pageSizeOptions = PAGE_SIZE_OPTIONS }: PagerProps) {
  const { search } = list;
  const s = listPage();
  const pageCount = total === undefined ? search.page : Math.max(1, Math.ceil(total / search.pageSize));
  return (
    <div className={s.footer}>
      <span>{total === undefined ? null : rangeText(search.page, search.pageSize, total)}</span>
      <div className={s.pager}>
        <label>
          <span>Visualizações por página</span>
          <NativeSelect value={String(search.pageSize)} onChange={(e) => list.update({ pageSize: Number(e.target.value) })}>
            {pageSizeOptions.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className={s.actions}>
          <Button variant="outline" size="icon" aria-label="Página anterior" disabled={search.page <= 1} onClick={() => list.update({ page: search.page - 1 })}>
            <Icon name="chevronLeft" size={16} />
          </Button>
          <span data-part="page">{total === undefined ? search.page : `${Math.min(search.page, pageCount)} / ${pageCount}`}</span>
          <Button
            variant="outline"
            size="icon"
            aria-label="Próxima página"
            disabled={search.page >= pageCount}
            onClick={() => list.update({ page: search.page + 1 })}
          >
            <Icon name="chevronRight" size={16} />
          </Button>
        </div>
      </div>
    </div>
  );
}
