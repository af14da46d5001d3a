/**
 * Category index pages (`/docs/category/...`), written here instead of wrapping the theme's page
 * (Docusaurus 3.7.0's metadata, banner, breadcrumbs, title and paginator are kept) for:
 * - the "Copy page" menu (src/components/AgentDocs) at the top right, like on doc and API pages;
 *   the page's Markdown twin lists the category's items;
 * - the tag's `externalDocs` link under the title (ExternalDocs);
 * - cards of their own: no icon (the theme's cards start with an emoji, a box where no emoji font
 *   is installed), the operation's method badge and path (./endpoint.ts: from the data
 *   plugins/api-versions writes for these pages, which only they load), and the description cut at a word boundary with an ellipsis
 *   (plugins/api-pages/client/cut) instead of clipped by CSS after one line.
 * plugins/agent-docs reads the page by the theme's structure: the `generatedIndexPage` class, each
 * card's <h2> and its first <p> (the description, whole in its `title`).
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import versionPages from '@generated/portal-api-versions/default/category-pages.json';
import {PageMetadata} from '@docusaurus/theme-common';
import {
  filterDocCardListItems,
  findFirstSidebarItemLink,
  useCurrentSidebarCategory,
  useDocById,
} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem, PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';
import type {Props} from '@theme/DocCategoryGeneratedIndexPage';
import DocPaginator from '@theme/DocPaginator';
import DocVersionBanner from '@theme/DocVersionBanner';
import DocVersionBadge from '@theme/DocVersionBadge';
import DocBreadcrumbs from '@theme/DocBreadcrumbs';
import Heading from '@theme/Heading';
import AgentDocsMenu from '@site/src/components/AgentDocs';
import MethodBadge from '@site/src/components/MethodBadge';
import PathText from '@site/src/components/PathText';
import {cutAtWord} from '@site/plugins/api-pages/client/cut';
import OlderVersionNotice from '@site/src/components/OlderVersionNotice';
import {olderCategoryNotice} from '@site/plugins/api-versions/client/notice';
import {versionOfPath} from '@site/plugins/api-versions/client/version-of-path';
import {sitePath} from '@site/openapi/model/routes';
import {cardEndpoint} from './endpoint';
import type {CategoryProps} from '@site/plugins/api-pages/client/category-props';
import styles from './styles.module.css';

/** About two lines of a card at its narrowest. */
const DESCRIPTION_LENGTH = 110;

function Card({
  href,
  title,
  description,
  operation,
}: {
  href: string;
  title: string;
  description?: string;
  operation?: {method: string; path: string};
}) {
  return (
    <Link href={href} className={clsx('card padding--lg', styles.card)}>
      <Heading as="h2" className={styles.cardTitle}>
        {title}
      </Heading>
      {operation && (
        <div className={styles.endpoint} data-card-endpoint>
          <MethodBadge method={operation.method} />{' '}
          <code className={styles.path}>
            <PathText path={operation.path} />
          </code>
        </div>
      )}
      {description && (
        <p className={styles.description} title={description}>
          {cutAtWord(description, DESCRIPTION_LENGTH)}
        </p>
      )}
    </Link>
  );
}

function LinkCard({item}: {item: PropSidebarItemLink}) {
  const doc = useDocById(item.docId ?? undefined);
  const {baseUrl} = useDocusaurusContext().siteConfig;
  return (
    <Card
      href={item.href}
      title={item.label}
      description={item.description ?? doc?.description}
      operation={cardEndpoint(item.href, baseUrl, versionPages)}
    />
  );
}

function CategoryCard({item}: {item: PropSidebarItemCategory}) {
  const href = findFirstSidebarItemLink(item);
  if (!href) return null;
  const count = item.items.length;
  return <Card href={href} title={item.label} description={item.description ?? `${count} ${count === 1 ? 'item' : 'items'}`} />;
}

function Cards({items}: {items: PropSidebarItem[]}) {
  return (
    <section className={clsx('row', styles.list)}>
      {filterDocCardListItems(items).map((item, i) => (
        <article key={i} className="col col--6 margin-bottom--lg">
          {item.type === 'category' ? <CategoryCard item={item} /> : item.type === 'link' ? <LinkCard item={item} /> : null}
        </article>
      ))}
    </section>
  );
}

/**
 * A tag's `externalDocs` (plugins/api-pages/pages.ts puts it in the category's customProps, only
 * for an address a reader may follow): a link under the title, labelled by its description.
 */
function ExternalDocs({category}: {category: PropSidebarItemCategory}) {
  const docs = (category.customProps as CategoryProps | undefined)?.externalDocs;
  if (!docs) return null;
  return (
    <p className={styles.externalDocs} data-external-docs>
      <Link href={docs.url}>{docs.description ?? docs.url}</Link>
    </p>
  );
}

/** The older-version notice of this category page, when it belongs to an older API version. */
function useOlderVersionNotice() {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const {pathname} = useLocation();
  const path = sitePath(pathname, baseUrl);
  if (path === undefined) return undefined;
  const version = versionOfPath(versionPages, path);
  const latest = versionPages[0];
  const slug = /\/category\/api\/([^/]+)$/.exec(path)?.[1];
  return version && latest && version !== latest && slug ? olderCategoryNotice(slug, version, latest) : undefined;
}

export default function DocCategoryGeneratedIndexPage({categoryGeneratedIndex}: Props): ReactNode {
  const category = useCurrentSidebarCategory();
  const image = useBaseUrl(categoryGeneratedIndex.image);
  const notice = useOlderVersionNotice();
  return (
    <>
      <PageMetadata
        title={categoryGeneratedIndex.title}
        description={categoryGeneratedIndex.description}
        keywords={categoryGeneratedIndex.keywords}
        image={image}
      />
      <div className={styles.generatedIndexPage}>
        <DocVersionBanner />
        <DocBreadcrumbs />
        <DocVersionBadge />
        <AgentDocsMenu />
        {notice && <OlderVersionNotice {...notice} />}
        <header>
          <Heading as="h1" className={styles.title}>
            {categoryGeneratedIndex.title}
          </Heading>
          {categoryGeneratedIndex.description && <p>{categoryGeneratedIndex.description}</p>}
          <ExternalDocs category={category} />
        </header>
        <article className="margin-top--lg">
          <Cards items={category.items} />
        </article>
        <footer className="margin-top--lg">
          <DocPaginator previous={categoryGeneratedIndex.navigation.previous} next={categoryGeneratedIndex.navigation.next} />
        </footer>
      </div>
    </>
  );
}
