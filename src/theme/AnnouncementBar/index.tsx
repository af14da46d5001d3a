/**
 * Wraps the theme's AnnouncementBar to fix one Docusaurus 3.7.0 behaviour the spec rules out:
 * "dismissal is remembered per announcement id and resets when the id changes".
 *
 * Before React loads, an inline script sets <html data-announcement-bar-initially-dismissed>
 * from the stored dismissal flag alone, and CSS hides the bar while that attribute is "true".
 * When the announcement id has changed, the app resets the flag and renders the bar, but the
 * attribute is never cleared, so the new announcement stays invisible until the next full page
 * load. Here, once the bar is active and the stored flag is no longer "true", the attribute is
 * cleared. A visitor who dismissed the current announcement never sees it flash.
 */
import React, {useEffect, type ReactNode} from 'react';
import {createStorageSlot} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof AnnouncementBarType>;

// Same key and attribute as @docusaurus/theme-common (contexts/announcementBar) and
// @docusaurus/theme-classic (inlineScripts); createStorageSlot applies the site's storage namespace.
const dismissStorage = createStorageSlot('docusaurus.announcement.dismiss');
const INITIALLY_DISMISSED = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (!isActive) {
      return undefined;
    }
    // Runs after the provider's own effects have compared the ids and reset the flag.
    const timer = window.setTimeout(() => {
      if (dismissStorage.get() !== 'true') {
        document.documentElement.setAttribute(INITIALLY_DISMISSED, 'false');
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
