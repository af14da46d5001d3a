import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import StaticCode from '@site/src/components/StaticCode';
import type {FirstRequest} from './request';
import styles from './styles.module.css';

/**
 * The request, its token markup and the variables it reads, made at build time from the API base address of the site
 * config (docusaurus.config.ts, portal.config.ts), so the home page downloads no highlighter.
 */
function useFirstRequest(): FirstRequest {
  const value = useDocusaurusContext().siteConfig.customFields?.firstRequest as Partial<FirstRequest> | undefined;
  if (typeof value?.language !== 'string' || typeof value.code !== 'string' || typeof value.html !== 'string' || !Array.isArray(value.variables)) {
    throw new Error('siteConfig.customFields.firstRequest is missing (see docusaurus.config.ts)');
  }
  return value as FirstRequest;
}

export default function HomepageFirstRequest(): ReactNode {
  const {language, code, html, variables} = useFirstRequest();

  return (
    <section className={styles.section} aria-labelledby="home-first-request-title">
      <div className={`container ${styles.layout}`}>
        <div className={styles.text}>
          <Heading as="h2" id="home-first-request-title" className={styles.title}>
            Your first request
          </Heading>
          <p>
            Every request carries two credentials: an API user&apos;s name and password, sent with
            HTTP Basic authentication, and your account&apos;s subscription key, sent in a header.
            The request below lists the first five customers of your account, with their balance
            and what is past due.
          </p>
          <ol className={styles.steps}>
            <li data-first-request-variables="">
              Export{' '}
              {variables.map((name, i) => (
                <React.Fragment key={name}>
                  {i > 0 && (i === variables.length - 1 ? ' and ' : ', ')}
                  <code>{name}</code>
                </React.Fragment>
              ))}{' '}
              in your terminal: your API username, password and subscription key. Every code
              sample in the reference reads the same variables.
            </li>
            <li>
              Run the request. The JSON response holds the customers in <code>items</code> and a{' '}
              <code>has_more</code> flag that tells you whether a next page exists.
            </li>
            <li>
              Pick a <code>customer_id</code> and open the{' '}
              <Link to="/docs/api/get-customer">Get customer reference page</Link> to read one
              customer in full.
            </li>
          </ol>
          <p>
            Authentication, pagination and error handling are the same on every endpoint; the{' '}
            <Link to="/docs/api/rev-io-api">API overview</Link> explains them with examples.
          </p>
        </div>
        <div className={styles.code}>
          <StaticCode language={language} title="List customer summaries" code={code} html={html} />
        </div>
      </div>
    </section>
  );
}
