/** Hands a blob to the browser as a downloaded file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
export const csvCell = (value: string | number): string => (/[",\n\r]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));

/** A CSV text: a header line, then one line per row, each ending with a line break. */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number)[])[]): string =>
  [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
