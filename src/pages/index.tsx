import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomepageFeatures from '@site/src/components/HomepageFeatures';
import HomepageFirstRequest from '@site/src/components/HomepageFirstRequest';
import styles from './index.module.css';

function HomepageHeader(): ReactNode {
  // Title and tagline come from docusaurus.config.ts; the tagline carries the configured brand.
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {siteConfig.title}
        </Heading>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <p className={styles.lead}>
          Reference pages for every endpoint of the billing and customer-management API, with
          request and response schemas and examples you can copy into your own code.
        </p>
        <div className={styles.actions}>
          <Link className={clsx('button button--lg', styles.primaryAction)} to="/docs/category/api/contacts">
            API Reference
          </Link>
          <Link className={clsx('button button--lg', styles.secondaryAction)} to="/docs/api/rev-io-api">
            Read the overview
          </Link>
        </div>
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title={siteConfig.tagline} description={`${siteConfig.title}: ${siteConfig.tagline}.`}>
      <HomepageHeader />
      <main>
        <HomepageFeatures />
        <HomepageFirstRequest />
      </main>
    </Layout>
  );
}
