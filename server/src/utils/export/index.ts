export { exportRoute, contentTypeExport, takeExportSpec, sortWithIdLast } from './routes';
export { sendExport, exportFileName, EXPORT_BATCH, type BatchReader } from './send';
export { parseExportSpec, CELL_FORMATS, type ExportSpec, type ExportColumn, type CellFormat } from './spec';
