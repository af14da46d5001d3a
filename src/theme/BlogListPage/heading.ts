import {createContext} from 'react';

/**
 * The blog list page's heading text, handed from ../BlogListPage (which knows the blog's title)
 * to ../BlogPostItems (which renders at the top of the page's main column). Null elsewhere: tag
 * pages and the archive have their own <h1>.
 */
export const BlogListHeading = createContext<string | null>(null);
