/**
 * The version whose docs a site path belongs to. Its own module: the switcher's button and the
 * category pages' older-version notice import it without the page mapping (./mapping.ts, loaded
 * with the switcher's menu). It is in every page's first load: keep it to this one function.
 */
export function versionOfPath<V extends {base: string}>(versions: readonly V[], path: string): V | undefined {
  return versions.find((v, i) => i > 0 && (path === v.base || path.startsWith(`${v.base}/`))) ?? versions[0];
}
