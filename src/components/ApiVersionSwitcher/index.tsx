/**
 * The navbar's API version switcher (navbar item type `custom-apiVersion`): a button showing the
 * version being read, opening a list of the documented versions. Each link keeps the reader on the
 * same operation when the other version has it, else the closest page (plugins/api-versions/client/mapping.ts).
 * The page lists and the menu load when it is first opened or hovered (./menu), not with the page.
 */
import React, {useEffect, useId, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import clsx from 'clsx';
import {versionOfPath} from '@site/plugins/api-versions/client/version-of-path';
import {sitePath} from '@site/openapi/model/routes';
import styles from './styles.module.css';

type Menu = ComponentType<{id: string; path: string; mobile?: boolean}>;

interface Version {
  id: string;
  label: string;
  base: string;
}

export default function ApiVersionSwitcher({mobile}: {mobile?: boolean}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const versions = (siteConfig.customFields?.apiVersions ?? []) as Version[];
  const {pathname} = useLocation();
  const path = sitePath(pathname, siteConfig.baseUrl) ?? pathname;
  const active = versionOfPath(versions, path);
  const [open, setOpen] = useState(false);
  const [VersionMenu, setMenu] = useState<Menu | null>(null);
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  if (!active) return null;
  const load = () => {
    if (!VersionMenu) void import('./menu').then((m) => setMenu(() => m.default));
  };
  const toggle = () => {
    load();
    setOpen(!open);
  };
  // On desktop the menu also opens on hover, like the theme's dropdowns (Infima shows it with CSS
  // once its links exist: they load when the pointer first comes near).
  const list = (open || !mobile) && VersionMenu && <VersionMenu id={id} path={path} mobile={mobile} />;

  // In the mobile menu the item is a list item of the primary menu's list.
  const Root = mobile ? 'li' : 'div';
  return (
    <Root
      ref={root as React.RefObject<HTMLDivElement & HTMLLIElement>}
      className={clsx(
        mobile ? 'menu__list-item' : 'navbar__item dropdown dropdown--hoverable dropdown--right',
        !mobile && open && 'dropdown--show',
        styles.switcher,
      )}
      onMouseEnter={mobile ? undefined : load}
      data-api-version={active.id}
    >
      <button
        ref={button}
        type="button"
        className={clsx(
          mobile ? clsx('menu__link menu__link--sublist menu__link--sublist-caret', styles.mobileButton) : 'navbar__link',
          styles.button,
        )}
        aria-expanded={open}
        aria-controls={id}
        aria-label={`API version ${active.label}, choose another`}
        onClick={toggle}
      >
        {mobile ? `API version ${active.label}` : active.label}
      </button>
      {list}
    </Root>
  );
}
