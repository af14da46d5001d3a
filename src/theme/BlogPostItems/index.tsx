/**
 * The list of posts; on the blog list page (../BlogListPage sets the heading) it starts with the
 * page's <h1>. Tag pages and other users of the list render as before.
 */
import React, {useContext, type ReactNode} from 'react';
import BlogPostItems from '@theme-original/BlogPostItems';
import type BlogPostItemsType from '@theme/BlogPostItems';
import type {WrapperProps} from '@docusaurus/types';
import Heading from '@theme/Heading';
import {BlogListHeading} from '../BlogListPage/heading';

type Props = WrapperProps<typeof BlogPostItemsType>;

export default function BlogPostItemsWrapper(props: Props): ReactNode {
  const heading = useContext(BlogListHeading);
  return (
    <>
      {heading && (
        <Heading as="h1" className="margin-bottom--lg">
          {heading}
        </Heading>
      )}
      <BlogPostItems {...props} />
    </>
  );
}
