/**
 * The version whose docs a site path belongs to. Its own module: the version banner of every docs
 * page (src/theme/DocVersionBanner) and the switcher's button import it without the page mapping
 * (./mapping.ts, loaded with the switcher's menu).
 */
export function versionOfPath<V extends {base: string}>(versions: readonly V[], path: string): V | undefined {
  return versions.find((v, i) => i > 0 && (path === v.base || path.startsWith(`${v.base}/`))) ?? versions[0];
}
