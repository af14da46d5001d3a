/**
 * Category index pages (`/docs/category/...`): the "Copy page" menu (src/components/CopyPage) at
 * the top right, like on doc and API pages; the page's Markdown twin lists the category's items.
 * Wraps the theme's page, which stays as it is.
 */
import type {ReactNode} from 'react';
import Page from '@theme-original/DocCategoryGeneratedIndexPage';
import type PageType from '@theme/DocCategoryGeneratedIndexPage';
import type {WrapperProps} from '@docusaurus/types';
import CopyPage from '@site/src/components/CopyPage';
import styles from './styles.module.css';

type Props = WrapperProps<typeof PageType>;

export default function DocCategoryGeneratedIndexPageWrapper(props: Props): ReactNode {
  return (
    <div className={styles.page}>
      <CopyPage />
      <Page {...props} />
    </div>
  );
}
