/**
 * Wraps the theme's not-found content with the not-found page title. The site-wide not-found
 * page (@theme/NotFound) sets it itself, but under /docs the docs plugin renders only this
 * content (@theme/DocRoot, "to avoid a double layout"), so those pages were titled just
 * "Developer Portal". Now every not-found page reads "Page Not Found | Developer Portal".
 */
import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import NotFoundContent from '@theme-original/NotFound/Content';
import type {Props} from '@theme/NotFound/Content';

export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <NotFoundContent {...props} />
    </>
  );
}
