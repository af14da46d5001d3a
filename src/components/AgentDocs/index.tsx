/**
 * The "Copy page" menu button of doc, API and category pages. The page's bundle carries only the
 * button's markup, as one string, and a loader: React renders the string as the inner HTML of a
 * wrapper it never looks into, so the button needs no component code, no state and no hooks. The
 * menu (./menu: copy as Markdown, view as Markdown, open in ChatGPT or Claude, in plain DOM, its
 * styles in ./styles.module.css so that it has no CSS chunk to wait for) is loaded on the first
 * click or arrow key and from then on manages the button and the menu inside that wrapper. The
 * page's Markdown twin is `<path>.md` (plugins/agent-docs).
 */
import type {SyntheticEvent} from 'react';
import styles from './styles.module.css';

/** `aria-expanded` and `aria-controls` are kept by ./menu from then on. */
const BUTTON =
  '<button type="button" id="copy-page-button" aria-haspopup="menu" aria-expanded="false">Copy page <span aria-hidden="true">▾</span></button>';

// React 17+ does not reuse event objects: `type`, `target` and `key` stay readable after the import.
// A failed download (offline) leaves the button as it is; the next press tries again.
const load = (e: SyntheticEvent) =>
  void import('./menu').then(
    (m) => m.default(e),
    () => undefined,
  );

export default function AgentDocsMenu() {
  return (
    <div
      className={`copy-page search-skip ${styles.wrap}`}
      onClick={load}
      // Arrow keys open the menu on its first or last item; their default (scrolling) stops here, now.
      onKeyDown={(e) => /^Arrow[UD]/.test(e.key) && (e.preventDefault(), load(e))}
      dangerouslySetInnerHTML={{__html: BUTTON}}
    />
  );
}
