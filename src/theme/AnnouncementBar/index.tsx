/**
 * The announcement bar, written here instead of wrapping the theme's, for two reasons:
 *
 * 1. Landmark: Docusaurus 3.7.0 gives the bar `role="banner"`, a second banner landmark beside
 *    the navbar's header (axe: landmark-no-duplicate-banner). Here it is a region named
 *    "Announcement". Its content and close button are the theme's own components.
 * 2. Dismissal is remembered per announcement id and resets when the id changes. Before React
 *    loads, an inline script sets <html data-announcement-bar-initially-dismissed> from the
 *    stored dismissal flag alone, and CSS hides the bar while that attribute is "true". When the
 *    announcement id has changed, the app resets the flag and renders the bar, but the attribute
 *    is never cleared, so the new announcement stays invisible until the next full page load.
 *    Here, once the bar is active and the stored flag is no longer "true", the attribute is
 *    cleared. A visitor who dismissed the current announcement never sees it flash.
 *
 * On phones the content's short version shows (`.announcement-short` in the configured HTML,
 * docusaurus.config.ts), one line; wider screens show `.announcement-long`.
 */
import React, {useEffect, type ReactNode} from 'react';
import {createStorageSlot, useThemeConfig} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBarCloseButton from '@theme/AnnouncementBar/CloseButton';
import AnnouncementBarContent from '@theme/AnnouncementBar/Content';
import styles from './styles.module.css';

// Same key and attribute as @docusaurus/theme-common (contexts/announcementBar) and
// @docusaurus/theme-classic (inlineScripts); createStorageSlot applies the site's storage namespace.
const dismissStorage = createStorageSlot('docusaurus.announcement.dismiss');
const INITIALLY_DISMISSED = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBar(): ReactNode {
  const {announcementBar} = useThemeConfig();
  const {isActive, close} = useAnnouncementBar();
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
  if (!isActive || !announcementBar) {
    return null;
  }
  const {backgroundColor, textColor, isCloseable} = announcementBar;
  return (
    <div className={styles.bar} style={{backgroundColor, color: textColor}} role="region" aria-label="Announcement">
      {isCloseable && <div className={styles.placeholder} />}
      <AnnouncementBarContent className={styles.content} />
      {isCloseable && <AnnouncementBarCloseButton onClick={close} className={styles.close} />}
    </div>
  );
}
