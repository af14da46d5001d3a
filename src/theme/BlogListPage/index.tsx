/**
 * The blog list page (`/blog`, `/blog/page/N`) has no <h1> in Docusaurus 3.7.0 (axe:
 * page-has-heading-one): this wrapper passes the blog's title down to ../BlogPostItems, which
 * puts it above the posts as the page's heading. The theme's page stays as it is.
 */
import React, {type ReactNode} from 'react';
import BlogListPage from '@theme-original/BlogListPage';
import type BlogListPageType from '@theme/BlogListPage';
import type {WrapperProps} from '@docusaurus/types';
import {BlogListHeading} from './heading';

type Props = WrapperProps<typeof BlogListPageType>;

export default function BlogListPageWrapper(props: Props): ReactNode {
  const {blogTitle} = props.metadata;
  const page = props.metadata.page > 1 ? ` (page ${props.metadata.page})` : '';
  return (
    <BlogListHeading.Provider value={`${blogTitle}${page}`}>
      <BlogListPage {...props} />
    </BlogListHeading.Provider>
  );
}
