/**
 * The version banner of the docs pages. Pages of an older API version carry ./OlderVersionNotice
 * (it says so and links the same page in the latest version); other docs pages keep the theme's
 * banner. The notice is its own chunk, fetched on older-version pages only: every other docs page
 * loads just this test (the page's version from its path, plugins/api-versions/version-of-path).
 * The server renders the notice into the page; in the browser it stays as rendered until its chunk
 * has loaded and hydrates then.
 */
import React, {lazy, Suspense, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Original from '@theme-original/DocVersionBanner';
import type BannerType from '@theme/DocVersionBanner';
import type {WrapperProps} from '@docusaurus/types';
import {versionOfPath} from '@site/plugins/api-versions/version-of-path';
import type {Version} from './OlderVersionNotice';

const OlderVersionNotice = lazy(() => import('./OlderVersionNotice'));

type Props = WrapperProps<typeof BannerType>;

export default function DocVersionBannerWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const versions = (siteConfig.customFields?.apiVersions ?? []) as Version[];
  const base = siteConfig.baseUrl.replace(/\/$/, '');
  const path = pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
  const version = versions.length > 1 ? versionOfPath(versions, path) : undefined;
  const latest = versions[0];
  if (!version || !latest || version === latest) return <Original {...props} />;
  return (
    <Suspense fallback={null}>
      <OlderVersionNotice {...props} version={version} latest={latest} path={path} />
    </Suspense>
  );
}
