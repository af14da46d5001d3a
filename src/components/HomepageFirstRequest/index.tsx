import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

/** The API base address comes from the site config (portal.config.ts), never from this file. */
function useApiBaseUrl(): string {
  const {siteConfig} = useDocusaurusContext();
  const value = siteConfig.customFields?.apiBaseUrl;
  return typeof value === 'string' && value !== '' ? value.replace(/\/+$/, '') : 'https://api.example.com';
}

export default function HomepageFirstRequest(): ReactNode {
  const apiBaseUrl = useApiBaseUrl();
  const request = [
    `curl --request GET \\`,
    `  --url "${apiBaseUrl}/customer-summaries?page=1&page_size=5" \\`,
    `  --user "$API_USERNAME:$API_PASSWORD" \\`,
    `  --header "Ocp-Apim-Subscription-Key: $API_SUBSCRIPTION_KEY" \\`,
    `  --header "Accept: application/json"`,
  ].join('\n');

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
          <CodeBlock language="bash" title="List customer summaries">
            {request}
          </CodeBlock>
        </div>
      </div>
    </section>
  );
}
