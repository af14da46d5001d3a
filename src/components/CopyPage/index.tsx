/**
 * The "Copy page" menu button of doc, API and category pages. The page's bundle carries only the
 * button's markup, as one string, and a loader: React renders the string as the inner HTML of a
 * wrapper it never looks into, so the button needs no component code, no state and no hooks, and
 * the menu (./menu: copy as Markdown, view as Markdown, open in ChatGPT or Claude, written in
 * plain DOM) is loaded on the first click or arrow key and then manages the button and the menu
 * inside that wrapper itself. The page's Markdown twin is `<path>.md` (plugins/agent-docs).
 */
import React from 'react';
import styles from './styles.module.css';

/** `aria-expanded` and `aria-controls` are kept by ./menu from then on. */
const BUTTON =
  '<button type="button" id="copy-page-button" aria-haspopup="menu" aria-expanded="false">Copy page <span aria-hidden="true">▾</span></button>';

type Trigger = {type: string; target: EventTarget; key?: string};

function load(e: Trigger): void {
  const {type, target, key} = e;
  // A failed download (offline) leaves the button as it is; the next press tries again.
  import('./menu').then((m) => m.default({type, target, key}), () => undefined);
}

export default function CopyPage() {
  return (
    <div
      className={`copy-page search-skip ${styles.wrap}`}
      onClick={load}
      // Arrow keys open the menu on its first or last item; their default (scrolling) stops here, now.
      onKeyDown={(e) => /^Arrow(Up|Down)$/.test(e.key) && (e.preventDefault(), load(e))}
      dangerouslySetInnerHTML={{__html: BUTTON}}
    />
  );
}
