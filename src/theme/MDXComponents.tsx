/**
 * Wraps the theme's MDX components: adds StaticCode, the build-time highlighted code block that
 * plugins/remark/static-code.ts writes in place of code fences.
 */
import MDXComponents from '@theme-original/MDXComponents';
import StaticCode from '@site/src/components/StaticCode';

export default {...MDXComponents, StaticCode};
