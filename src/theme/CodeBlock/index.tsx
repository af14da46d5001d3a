/**
 * Wraps the theme's CodeBlock so that its highlighter (prism-react-renderer) is a
 * chunk of its own instead of part of every MDX page: MDXComponents imports CodeBlock for every
 * code fence, so without this even pages with no code (API pages) would download and run it.
 * The server render waits for the chunk (renderToPipeableStream, onAllReady), so the HTML is
 * fully highlighted; in the browser React keeps that HTML until the chunk arrives.
 */
import React, {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';

const OriginalCodeBlock = lazy(() => import('@theme-original/CodeBlock'));

function PlainCode({children}: {children?: ReactNode}) {
  return (
    <pre className="prism-code">
      <code>{children}</code>
    </pre>
  );
}

export default function CodeBlock(props: Props): ReactNode {
  return (
    <Suspense fallback={<PlainCode>{props.children}</PlainCode>}>
      <OriginalCodeBlock {...props} />
    </Suspense>
  );
}
