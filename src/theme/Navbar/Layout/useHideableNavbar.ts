/**
 * The hide-on-scroll logic of @docusaurus/theme-common 3.7.0 (hooks/useHideableNavbar), with one
 * difference required by the product spec (§2: the navbar "hides on scroll down and shows on
 * scroll up, near the top, or when navigating to an anchor"); upstream hides it there.
 *
 * Navigating to an anchor shows the navbar and keeps it shown through every scroll the jump
 * causes, until the reader scrolls themselves (wheel, touch, keyboard, pointer on the
 * scrollbar); from then on scrolling down hides it as usual. This covers the three ways to reach
 * an anchor:
 * - a link to an anchor of the same page (a location change with a hash);
 * - opening a page at an anchor ("/docs/api/rev-io-api#versioning"): the browser has scrolled
 *   before hydration, and upstream takes the check that useScrollPosition runs on mount
 *   (scrollY >= the position seen at first render) for a scroll down;
 * - following a link to an anchor of another page (e.g. a search result): the navbar mounts with
 *   the new page, no location *change* is seen, and the jump to the anchor looks like a scroll
 *   down from the previous position. A smooth scroll gives many scroll events, not one.
 * Headings clear the visible navbar thanks to the scroll-margin rule in ./styles.module.css.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import {useLocation} from '@docusaurus/router';
import {useLocationChange, useScrollPosition} from '@docusaurus/theme-common/internal';

/** Input by which the reader scrolls the page themselves. */
const READER_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

export function useHideableNavbar(hideOnScroll: boolean): {
  readonly navbarRef: (node: HTMLElement | null) => void;
  readonly isNavbarVisible: boolean;
} {
  const location = useLocation();
  const [isNavbarVisible, setIsNavbarVisible] = useState(hideOnScroll);
  /** True from an anchor navigation until the reader scrolls themselves. */
  const anchorHold = useRef(location.hash.length > 1);
  const navbarHeight = useRef(0);

  const navbarRef = useCallback((node: HTMLElement | null) => {
    if (node !== null) {
      navbarHeight.current = node.getBoundingClientRect().height;
    }
  }, []);

  useEffect(() => {
    if (!hideOnScroll) {
      return undefined;
    }
    const release = (event: Event) => {
      if (event instanceof KeyboardEvent && !SCROLL_KEYS.has(event.key)) return;
      anchorHold.current = false;
    };
    const options = {capture: true, passive: true};
    for (const type of READER_SCROLL_EVENTS) window.addEventListener(type, release, options);
    return () => {
      for (const type of READER_SCROLL_EVENTS) window.removeEventListener(type, release, options);
    };
  }, [hideOnScroll]);

  useScrollPosition(({scrollY: scrollTop}, lastPosition) => {
    if (!hideOnScroll) {
      return;
    }
    // Near the top (also covers rubber-band scrolling): always visible.
    if (scrollTop < navbarHeight.current) {
      setIsNavbarVisible(true);
      return;
    }
    // Scrolls that an anchor navigation causes must not hide the navbar.
    if (anchorHold.current) {
      setIsNavbarVisible(true);
      return;
    }
    const lastScrollTop = lastPosition?.scrollY;
    const documentHeight = document.documentElement.scrollHeight - navbarHeight.current;
    const windowHeight = window.innerHeight;
    if (lastScrollTop === undefined || scrollTop === lastScrollTop) {
      return; // no movement (the check useScrollPosition makes on mount)
    }
    if (lastScrollTop && scrollTop > lastScrollTop) {
      setIsNavbarVisible(false);
    } else if (scrollTop + windowHeight < documentHeight) {
      setIsNavbarVisible(true);
    }
  });

  useLocationChange((locationChangeEvent) => {
    if (!hideOnScroll) {
      return;
    }
    anchorHold.current = locationChangeEvent.location.hash.length > 1;
    setIsNavbarVisible(true);
  });

  return {navbarRef, isNavbarVisible};
}
