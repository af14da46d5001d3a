import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import StaticCode from '@site/src/components/StaticCode';
import {FIRST_REQUEST_LANGUAGE, firstRequestCode} from './request';
import styles from './styles.module.css';

/**
 * The API base address comes from the site config (portal.config.ts), never from this file; the
 * token markup of the request was made from the same text at build time (docusaurus.config.ts),
 * so the home page downloads no highlighter.
 */
function useFirstRequest(): {code: string; html: string} {
  const {customFields} = useDocusaurusContext().siteConfig;
  const code = firstRequestCode(String(customFields?.apiBaseUrl ?? ''));
  const html = customFields?.firstRequestHtml;
  if (typeof html !== 'string') throw new Error('siteConfig.customFields.firstRequestHtml is missing (see docusaurus.config.ts)');
  return {code, html};
}

export default function HomepageFirstRequest(): ReactNode {
  const {code, html} = useFirstRequest();

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
            <li>
              Export <code>API_USERNAME</code>, <code>API_PASSWORD</code> and{' '}
              <code>API_SUBSCRIPTION_KEY</code> in your terminal.
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
          <StaticCode language={FIRST_REQUEST_LANGUAGE} title="List customer summaries" code={code} html={html} />
        </div>
      </div>
    </section>
  );
}
