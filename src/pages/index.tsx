import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomepageFeatures from '@site/src/components/HomepageFeatures';
import HomepageFirstRequest from '@site/src/components/HomepageFirstRequest';
import {useApiLinks} from '@site/src/config/useApiLinks';
import styles from './index.module.css';

function HomepageHeader(): ReactNode {
  // Title and tagline come from docusaurus.config.ts; the tagline carries the configured brand.
  const {siteConfig} = useDocusaurusContext();
  const api = useApiLinks();
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {siteConfig.title}
        </Heading>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <p className={styles.lead}>
          Reference pages for every endpoint of the billing and customer-management API, with request and response schemas and examples you
          can copy into your own code.
        </p>
        <div className={styles.actions}>
          <Link className={clsx('button button--lg', styles.primaryAction)} to={api.referencePath}>
            API Reference
          </Link>
          <Link className={clsx('button button--lg', styles.secondaryAction)} to={api.overviewPath}>
            Read the overview
          </Link>
        </div>
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const api = useApiLinks();
  return (
    <Layout title={siteConfig.tagline} description={`${siteConfig.title}: ${siteConfig.tagline}.`}>
      <HomepageHeader />
      <main>
        <HomepageFeatures />
        {/* The walkthrough is about our own API; a portal built from another document skips it. */}
        {!api.foreign && <HomepageFirstRequest />}
      </main>
    </Layout>
  );
}
