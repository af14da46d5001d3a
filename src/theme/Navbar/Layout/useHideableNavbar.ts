/**
 * The hide-on-scroll logic of @docusaurus/theme-common 3.7.0 (hooks/useHideableNavbar), with one
 * difference required by the product spec: navigating to an anchor SHOWS the navbar (upstream
 * hides it). The scroll caused by the anchor jump is still ignored, so it cannot hide the navbar
 * again; scrolling down afterwards hides it as usual. Headings clear the visible navbar thanks
 * to the scroll-margin rule in ./styles.module.css.
 */
import {useCallback, useRef, useState} from 'react';
import {useLocationChange, useScrollPosition} from '@docusaurus/theme-common/internal';

export function useHideableNavbar(hideOnScroll: boolean): {
  readonly navbarRef: (node: HTMLElement | null) => void;
  readonly isNavbarVisible: boolean;
} {
  const [isNavbarVisible, setIsNavbarVisible] = useState(hideOnScroll);
  const isFocusedAnchor = useRef(false);
  const navbarHeight = useRef(0);

  const navbarRef = useCallback((node: HTMLElement | null) => {
    if (node !== null) {
      navbarHeight.current = node.getBoundingClientRect().height;
    }
  }, []);

  useScrollPosition(({scrollY: scrollTop}, lastPosition) => {
    if (!hideOnScroll) {
      return;
    }
    // Near the top (also covers rubber-band scrolling): always visible.
    if (scrollTop < navbarHeight.current) {
      setIsNavbarVisible(true);
      return;
    }
    // The scroll that an anchor navigation causes must not hide the navbar.
    if (isFocusedAnchor.current) {
      isFocusedAnchor.current = false;
      return;
    }
    const lastScrollTop = lastPosition?.scrollY;
    const documentHeight = document.documentElement.scrollHeight - navbarHeight.current;
    const windowHeight = window.innerHeight;
    if (lastScrollTop && scrollTop >= lastScrollTop) {
      setIsNavbarVisible(false);
    } else if (scrollTop + windowHeight < documentHeight) {
      setIsNavbarVisible(true);
    }
  });

  useLocationChange((locationChangeEvent) => {
    if (!hideOnScroll) {
      return;
    }
    const currentHash = locationChangeEvent.location.hash;
    const currentHashAnchor = currentHash ? document.getElementById(currentHash.substring(1)) : undefined;
    if (currentHashAnchor) {
      isFocusedAnchor.current = true;
    }
    setIsNavbarVisible(true);
  });

  return {navbarRef, isNavbarVisible};
}
