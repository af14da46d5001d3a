/**
 * Loaded when the version switcher is first opened or hovered: every version's page list
 * (written at build time by plugins/api-versions/plugin.ts) and the menu of their links from the
 * current page.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import pages from '@generated/portal-api-versions/default/pages.json';
import {missingNote, versionOfPath, versionTarget, type VersionPages} from '@site/plugins/api-versions/client/mapping';
import styles from './styles.module.css';

export interface VersionTarget {
  id: string;
  label: string;
  release: string;
  /** Site path without the base URL. */
  to: string;
  active: boolean;
  /** The page is an operation this version does not have: what the link says about it (mapping.ts missingNote). */
  note: string;
}

/** The link of each version for the page at `path` (without the base URL). */
export function versionTargets(path: string): VersionTarget[] {
  const versions = pages as VersionPages[];
  const from = versionOfPath(versions, path)!;
  const fromIndex = versions.indexOf(from);
  return versions.map((v, i) => {
    if (v === from) return {id: v.id, label: v.label, release: v.release, to: path, active: true, note: ''};
    // The list is newest first: a version before the one being read is newer.
    const target = versionTarget(path, from, v);
    return {id: v.id, label: v.label, release: v.release, to: target.to, active: false, note: missingNote(target, v, i < fromIndex)};
  });
}

/** The menu: one link per version (the latest first), as a dropdown or, in the mobile menu, a sub-list. */
export default function VersionMenu({id, path, mobile}: {id: string; path: string; mobile?: boolean}): ReactNode {
  const targets = versionTargets(path);
  return (
    <ul id={id} className={mobile ? 'menu__list' : 'dropdown__menu'} aria-label="API versions">
      {targets.map((t, i) => (
        <li key={t.id} className={mobile ? 'menu__list-item' : undefined}>
          <Link
            to={t.to}
            className={clsx(
              mobile ? 'menu__link' : 'dropdown__link',
              t.active && (mobile ? 'menu__link--active' : 'dropdown__link--active'),
            )}
            aria-current={t.active ? 'page' : undefined}
            data-version={t.id}
          >
            {t.label}
            {t.release && <span className={styles.release}>{t.release}</span>}
            {i === 0 && <span className={styles.release}>(latest)</span>}
            {t.note && (
              <span className={styles.note} data-version-note="">
                {t.note}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
