/**
 * What a category of the API sidebar carries for its index page (`customProps`), written by the
 * page plan (../pages.ts) and read by the theme's category index page. Every docs page loads the
 * sidebar, so it stays small.
 */
export interface CategoryProps {
  /** The tag's `externalDocs` (http, https or mailto addresses only). */
  externalDocs?: {url: string; description?: string};
}
