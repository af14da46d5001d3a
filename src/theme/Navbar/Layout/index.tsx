/**
 * Navbar layout, ejected from @docusaurus/theme-classic 3.7.0 (Navbar/Layout) for one change:
 * the hide-on-scroll logic comes from ./useHideableNavbar, which keeps the navbar visible after
 * navigating to an anchor (product spec §2: it "shows on scroll up, near the top, or when
 * navigating to an anchor"; upstream hides it there), and Escape closes the open mobile sidebar
 * and puts focus back on the toggle that opened it (upstream ignores Escape). Everything else is
 * upstream code.
 */
import React, {useEffect, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import {translate} from '@docusaurus/Translate';
import NavbarMobileSidebar from '@theme/Navbar/MobileSidebar';
import type {Props} from '@theme/Navbar/Layout';
import {useHideableNavbar} from './useHideableNavbar';

import styles from './styles.module.css';

function NavbarBackdrop(props: ComponentProps<'div'>) {
  return <div role="presentation" {...props} className={clsx('navbar-sidebar__backdrop', props.className)} />;
}

export default function NavbarLayout({children}: Props): ReactNode {
  const {
    navbar: {hideOnScroll, style},
  } = useThemeConfig();
  const mobileSidebar = useNavbarMobileSidebar();
  const {navbarRef, isNavbarVisible} = useHideableNavbar(hideOnScroll);
  const {shown, toggle} = mobileSidebar;
  useEffect(() => {
    if (!shown) return undefined;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      toggle();
      document.querySelector<HTMLElement>('nav.navbar .navbar__toggle')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown, toggle]);
  return (
    <nav
      ref={navbarRef}
      aria-label={translate({
        id: 'theme.NavBar.navAriaLabel',
        message: 'Main',
        description: 'The ARIA label for the main navigation',
      })}
      className={clsx('navbar', 'navbar--fixed-top', hideOnScroll && [styles.navbarHideable, !isNavbarVisible && styles.navbarHidden], {
        'navbar--dark': style === 'dark',
        'navbar--primary': style === 'primary',
        'navbar-sidebar--show': mobileSidebar.shown,
      })}
    >
      {children}
      <NavbarBackdrop onClick={mobileSidebar.toggle} />
      <NavbarMobileSidebar />
    </nav>
  );
}
