import React from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import ApiHtml from '../ApiHtml';
import CopyButton from '../CopyButton';
import type {OverviewCategory, OverviewPage} from '../../../plugins/api-pages/client/page-data-format';
import {flowNames} from '../ApiConsole/auth/schemes';
import styles from './styles.module.css';

function schemeLabel(s: OverviewPage['securitySchemes'][number]): string {
  if (s.type === 'http') return s.scheme === 'basic' ? 'HTTP Basic authentication' : `HTTP ${s.scheme} authentication`;
  if (s.type === 'apiKey') return `API key in the ${s.in} "${s.name}"`;
  if (s.type === 'oauth2') return flowNames(s).length ? `OAuth 2.0 (${flowNames(s).join(', ')})` : 'OAuth 2.0';
  return s.type;
}

function DownloadLink({href, label}: {href: string; label: string}) {
  return (
    <a href={useBaseUrl(href)} download>
      {label}
    </a>
  );
}

/** The top of the API overview page: title, version, base URL, authentication and download. */
export default function ApiOverview({overview}: {overview: OverviewPage}) {
  const download = useBaseUrl(overview.downloadUrl);
  return (
    <header className={styles.header}>
      <Heading as="h1">{overview.title}</Heading>
      <p className={styles.meta}>
        <span className={styles.version}>Version {overview.version}</span>
        <span>
          {overview.operationCount} operations{overview.webhookCount ? `, ${overview.webhookCount} webhooks` : ''}
        </span>
        <a href={download} download className={styles.download}>
          Download the OpenAPI document
        </a>
        {overview.downloads?.map((d) => (
          <DownloadLink key={d.href} href={d.href} label={d.label} />
        ))}
      </p>
      <dl className={styles.facts}>
        {overview.servers.length > 0 && (
          <div>
            <dt>Base URL</dt>
            {overview.servers.map((s) => (
              <dd key={s.url}>
                {s.name && <span className={styles.serverName}>{s.name}: </span>}
                <code>{s.url}</code> <CopyButton text={s.url} label="Copy base URL" />
                {s.description && <span className={styles.note}> {s.description}</span>}
              </dd>
            ))}
          </div>
        )}
        {overview.securitySchemes.length > 0 && (
          <div>
            <dt>Authentication</dt>
            {overview.securitySchemes.map((s) => (
              <dd key={s.key} data-scheme={s.key}>
                {schemeLabel(s)}
                {s.oauth2MetadataUrl && (
                  <span className={styles.note}>
                    {' '}
                    endpoints from <code>{s.oauth2MetadataUrl}</code>
                  </span>
                )}
                {s.deprecated && <span className={styles.note}> (deprecated: it still works, but prefer another scheme)</span>}
              </dd>
            ))}
          </div>
        )}
      </dl>
    </header>
  );
}

/** Links to every tag's generated index page, with the tag's description. */
export function ApiCategoryList({categories}: {categories: OverviewCategory[]}) {
  return (
    <ul className={styles.categories}>
      {categories.map((c) => (
        <li key={c.href} className={styles.category}>
          <Link to={c.href} className={styles.categoryLink}>
            {c.label}
          </Link>{' '}
          <span className={styles.note}>
            {c.count} {c.count === 1 ? 'operation' : 'operations'}
          </span>
          {c.description && <ApiHtml html={c.description} className={styles.categoryText} />}
        </li>
      ))}
    </ul>
  );
}
