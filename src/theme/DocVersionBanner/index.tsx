/**
 * The version banner of the docs pages. Pages of an older API version (`/<id>/docs/...`, each
 * version its own docs instance: plugins/api-versions) say so at the top and link the same page in
 * the latest version: the operation, overview or category the version switcher would open, named at
 * build time in the page's front matter (plugins/api-versions/generate.ts latestTargets: the
 * replacement of an operation the latest version removed, and a sentence saying so). Category
 * pages have no front matter: the same category when the latest version has it, else its overview.
 * Other docs pages keep the theme's banner.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Original from '@theme-original/DocVersionBanner';
import type BannerType from '@theme/DocVersionBanner';
import type {WrapperProps} from '@docusaurus/types';
import {useApiLinks} from '@site/src/config/useApiLinks';
import {versionOfPath} from '@site/plugins/api-versions/version-of-path';
import {LATEST_NOTE_KEY, LATEST_PATH_KEY, LATEST_TARGET_KEY} from '@site/plugins/api-versions/banner-keys';

type Props = WrapperProps<typeof BannerType>;

interface Version {
  id: string;
  label: string;
  base: string;
}

/** The front matter of the doc being shown; undefined on pages that are no doc (category indexes). */
function useOptionalFrontMatter(): Record<string, unknown> | undefined {
  try {
    // useDoc reads a context (always called, so the hook order is stable) and throws outside a doc.
    return useDoc().frontMatter as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export default function DocVersionBannerWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const frontMatter = useOptionalFrontMatter();
  const links = useApiLinks();
  const versions = (siteConfig.customFields?.apiVersions ?? []) as Version[];
  const base = siteConfig.baseUrl.replace(/\/$/, '');
  const path = pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
  const version = versions.length > 1 ? versionOfPath(versions, path) : undefined;
  const latest = versions[0];
  if (!version || !latest || version === latest) return <Original {...props} />;

  let to = typeof frontMatter?.[LATEST_PATH_KEY] === 'string' ? (frontMatter[LATEST_PATH_KEY] as string) : undefined;
  const note = typeof frontMatter?.[LATEST_NOTE_KEY] === 'string' ? (frontMatter[LATEST_NOTE_KEY] as string) : undefined;
  const opens = typeof frontMatter?.[LATEST_TARGET_KEY] === 'string' ? (frontMatter[LATEST_TARGET_KEY] as string) : undefined;
  if (!to) {
    const category = /\/category\/api\/([^/]+)\/?$/.exec(path);
    const same = category && links.categories.find((c) => c.path === `${latest.base}/category/api/${category[1]}`);
    to = same ? same.path : links.overviewPath;
  }
  return (
    <div className={clsx(props.className, ThemeClassNames.docs.docVersionBanner, 'alert alert--warning margin-bottom--md')} role="note" aria-label="Older API version" data-version-banner={version.id}>
      <p className="margin-bottom--sm">
        You are reading the documentation of <strong>API version {version.label}</strong>, an older version. The latest is{' '}
        {latest.label}.
      </p>
      {note && <p className="margin-bottom--sm">{note}</p>}
      <p className="margin-bottom--none">
        <Link to={to} data-latest-version-link="">
          {note && opens ? `Open ${opens} in ${latest.label}` : `Read this page in the latest version (${latest.label})`}
        </Link>
      </p>
    </div>
  );
}
