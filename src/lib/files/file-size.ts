/**
 * A file's size as a person reads it, in Brazilian Portuguese: bytes under 1 KB ('512 B'), whole
 * kilobytes under 1 MB ('812 KB'), megabytes with one decimal ('1,4 MB'). 1 KB = 1024 bytes.
 * Negative or non-finite sizes read as '0 B'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const kb = bytes / 1024;
  // 1023.6 KB would read '1024 KB': from there on it is megabytes.
  if (Math.round(kb) < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}
