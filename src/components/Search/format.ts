/** Fill a label template: `format('Search results for "{{ keyword }}"', {keyword: 'ledger'})`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/** The "{{ count }} document(s) found" label for a count (singular for exactly one). */
export function countLabel(count: number, labels: {count_documents_found: string; count_documents_found_plural: string}): string {
  return format(count === 1 ? labels.count_documents_found : labels.count_documents_found_plural, {count});
}

/** `{baseUrl}search?q={query}`, plus `&version={id}` for an older API version (./scope.ts). */
export function searchPageUrl(baseUrl: string, query: string, version?: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const q = query.trim();
  const params = [q && `q=${encodeURIComponent(q)}`, version && `version=${encodeURIComponent(version)}`].filter(Boolean).join('&');
  return params ? `${base}search?${params}` : `${base}search`;
}
