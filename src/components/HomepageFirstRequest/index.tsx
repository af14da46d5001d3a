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
    `  --url "${apiBaseUrl}/customers?page=1&page_size=5" \\`,
    `  --user "$API_USERNAME:$API_PASSWORD" \\`,
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
            Export your API credentials as environment variables, then list the first five
            customers of your account. The response is JSON: a page of customer records and the
            pagination details you need to fetch the next page.
          </p>
          <ol className={styles.steps}>
            <li>Get credentials for the sandbox from your account administrator.</li>
            <li>Run the request below from any terminal.</li>
            <li>
              Open the{' '}
              <Link to="/docs/api/get-customer">Get customer reference page</Link> to read one
              record in full.
            </li>
          </ol>
          <p>
            Authentication, pagination and error handling are the same on every endpoint; the{' '}
            <Link to="/docs/api/rev-io-api">API overview</Link> explains them with examples.
          </p>
        </div>
        <div className={styles.code}>
          <CodeBlock language="bash" title="List customers">
            {request}
          </CodeBlock>
        </div>
      </div>
    </section>
  );
}
