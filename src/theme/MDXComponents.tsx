/**
 * Wraps the theme's MDX components: adds StaticCode, the build-time highlighted code block that
 * plugins/remark/static-code.ts writes in place of code fences, and wraps Markdown tables in a
 * labelled region that scrolls sideways and takes keyboard focus (a wide table on a phone is a
 * scrollable region, which keyboard users must be able to reach: axe scrollable-region-focusable).
 */
import type {ComponentProps} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import StaticCode from '@site/src/components/StaticCode';

function Table(props: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" role="region" aria-label="Table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

export default {...MDXComponents, StaticCode, table: Table};
