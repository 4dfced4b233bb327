/** File sizes as staff read them: German decimal comma, binary units. */
const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 12595 → '12,3 KB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
  return `${sizeFormat.format(bytes / 1024 / 1024 / 1024)} GB`;
}
