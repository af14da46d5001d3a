import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import StaticCode from '@site/src/components/StaticCode';
import {apiPageRoute} from '@site/openapi/model/routes';
import {useApiLinks} from '@site/src/config/useApiLinks';
import firstRequest from '@generated/portal-first-request/default/first-request.json';
import styles from './styles.module.css';

/**
 * The request, its token markup and the variables it reads are made at build time from the API
 * base address (portal.config.ts) by plugins/first-request, so the home page downloads no
 * highlighter, and only the home page loads them.
 */
export default function HomepageFirstRequest(): ReactNode {
  const {language, code, html, variables} = firstRequest;
  const {overviewPath} = useApiLinks();

  return (
    <section className={styles.section} aria-labelledby="home-first-request-title">
      <div className={`container ${styles.layout}`}>
        <div className={styles.text}>
          <Heading as="h2" id="home-first-request-title" className={styles.title}>
            Your first request
          </Heading>
          <p>
            Every request carries two credentials: an API user&apos;s name and password, sent with HTTP Basic authentication, and your
            account&apos;s subscription key, sent in a header. The request below lists the first five customers of your account, with their
            balance and what is past due.
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
              in your terminal: your API username, password and subscription key. Every code sample in the reference reads the same
              variables.
            </li>
            <li>
              Run the request. The JSON response holds the customers in <code>items</code> and a <code>has_more</code> flag that tells you
              whether a next page exists.
            </li>
            <li>
              Pick a <code>customer_id</code> and open the <Link to={apiPageRoute('get-customer')}>Get customer reference page</Link> to
              read one customer in full.
            </li>
          </ol>
          <p>
            Authentication, pagination and error handling are the same on every endpoint; the <Link to={overviewPath}>API overview</Link>{' '}
            explains them with examples.
          </p>
        </div>
        <div className={styles.code}>
          <StaticCode language={language} title="List customer summaries" code={code} html={html} />
        </div>
      </div>
    </section>
  );
}
