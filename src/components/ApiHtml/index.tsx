import React, {useCallback, type MouseEvent} from 'react';
import {useHistory} from '@docusaurus/router';
import clsx from 'clsx';

/**
 * HTML rendered at build time from the OpenAPI document's Markdown. Links to other pages of the
 * site navigate inside the single-page app instead of reloading the page.
 */
export default function ApiHtml({html, className, inline}: {html: string; className?: string; inline?: boolean}) {
  const history = useHistory();
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as HTMLElement).closest('a');
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || link.target || link.hasAttribute('download')) return;
      if (url.pathname === window.location.pathname && url.hash) return; // same-page anchor: default behaviour
      event.preventDefault();
      history.push(url.pathname + url.search + url.hash);
    },
    [history],
  );
  const Tag = inline ? 'span' : 'div';
  return <Tag className={clsx('api-html', className)} onClick={onClick} dangerouslySetInnerHTML={{__html: html}} />;
}
