/**
 * Wraps the theme's SkipToContent so that activating the link really moves focus to the main
 * content. Docusaurus 3.7.0 focuses <main> through a temporary tabindex="-1" that it removes at
 * once; current Chromium then drops focus to <body> (only the next Tab lands in the content, and
 * assistive technology announces nothing). Here the target keeps tabindex="-1" until it loses
 * focus, the usual skip-link pattern. The upstream click handler runs first (the link is inside
 * this wrapper, so its click bubbles here afterwards).
 */
import React, {type ReactNode, type MouseEvent} from 'react';
import SkipToContent from '@theme-original/SkipToContent';
import type SkipToContentType from '@theme/SkipToContent';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof SkipToContentType>;

// Same target as @docusaurus/theme-common (utils/skipToContentUtils).
const FALLBACK_ID = '__docusaurus_skipToContent_fallback';

function focusMainContent(): void {
  const target = document.querySelector<HTMLElement>('main:first-of-type') ?? document.getElementById(FALLBACK_ID);
  if (!target) {
    return;
  }
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), {once: true});
  }
  target.focus();
}

export default function SkipToContentWrapper(props: Props): ReactNode {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest(`a[href="#${FALLBACK_ID}"]`)) {
      focusMainContent();
    }
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div style={{display: 'contents'}} onClick={onClick}>
      <SkipToContent {...props} />
    </div>
  );
}
