import { PlaceholderPage } from '@/components/layout/placeholder-page';
import type { ListSearch } from '@/lib/list-search';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function SalesItemList(_props: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  return <PlaceholderPage title={'Itens para Venda'} note="Esta tela chega com a sua issue." />;
}
