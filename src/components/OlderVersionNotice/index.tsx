/**
 * "You are reading an older version" at the top of each page of an older API version, with a link
 * to the same page in the latest version (plugins/api-versions/client/notice.ts says what the link opens).
 * Only older pages import it: their MDX (operation and overview pages) or the category page, so
 * the current version's pages do not load it.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {OlderVersionNoticeProps} from '@site/plugins/api-versions/client/notice';
import styles from './styles.module.css';

export default function OlderVersionNotice({version, latest, to, note, opens}: OlderVersionNoticeProps): ReactNode {
  return (
    <div
      className={clsx(ThemeClassNames.docs.docVersionBanner, 'alert alert--warning margin-bottom--md', styles.notice)}
      role="note"
      aria-label="Older API version"
      data-version-banner={version.id}
    >
      <p className="margin-bottom--sm">
        You are reading the documentation of <strong>API version {version.label}</strong>, an older version. The latest is {latest}.
      </p>
      {note && <p className="margin-bottom--sm">{note}</p>}
      <p className="margin-bottom--none">
        <Link to={to} data-latest-version-link="">
          {note && opens ? `Open ${opens} in ${latest}` : `Read this page in the latest version (${latest})`}
        </Link>
      </p>
    </div>
  );
}
