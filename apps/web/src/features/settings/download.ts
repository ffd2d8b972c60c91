/** Exportar's file names (spec §9: named after the product, suffix -settings.json). */
export const SETTINGS_EXPORT_FILENAME = 'atende-settings.json';
export const ACCOUNT_EXPORT_FILENAME = 'atende-dados.json';

/** Saves `data` as a pretty-printed JSON file through a temporary download link. */
export function downloadJson(filename: string, data: unknown): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The text of a chosen file. */
export function readFileText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsText(file);
  });
}
