/** The list kit: a list screen is a resource, its columns and its filter schema on these parts. */
export { ListPage, type ListPageProps } from './list-page';
export { RegisterList, type RegisterListProps } from './register-list';
export { FilterPanel } from './filter-panel';
export { DataTable } from './data-table';
export { MobileCards } from './mobile-cards';
export { Pager } from './pager';
export { useListSearch, useResourceList, SEARCH_DEBOUNCE_MS, type ListSearchControls, type ResourceList, type ListPageData } from './use-resource-list';
export { listQueryView, NOTHING_OFFLINE_TEXT, type ListQueryView } from './list-state';
export type { FilterField, ListColumn, ColumnPriority } from './types';
export { TRI_STATE_OPTIONS, FlagBadge, flagColumn } from './flags';
export { ExportMenu, EXPORT_OFFLINE_REASON } from './export-menu';
export { exportColumns, type ExportColumnSpec } from './export-columns';
