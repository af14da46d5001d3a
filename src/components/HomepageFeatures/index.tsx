import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {useApiLinks} from '@site/src/config/useApiLinks';
import styles from './styles.module.css';

interface Feature {
  title: string;
  to: string;
  /** Path data of a 24×24 stroke icon, drawn inline so the page loads no image files. */
  icon: string;
  description: ReactNode;
}

const FEATURES: Feature[] = [
  {
    title: 'Authentication and conventions',
    to: '/docs/api/rev-io-api',
    icon: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2',
    description: (
      <>
        How requests are authenticated, how lists paginate, what an error looks like and how rate limits behave. Read it once; every
        endpoint follows the same rules.
      </>
    ),
  },
  {
    title: 'Customers',
    to: '/docs/category/api/customers',
    icon: 'M16 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 18.5V20M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM20 20v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.15a3.5 3.5 0 0 1 0 6.7',
    description: (
      <>
        Create and update customer accounts, look up customer types, pull account summaries and walk the ledger of charges, payments and
        credits.
      </>
    ),
  },
  {
    title: 'Bill profiles',
    to: '/docs/category/api/bill-profiles',
    icon: 'M4 6h16v12H4zM4 10h16M8 14h3',
    description: (
      <>
        Decide how each customer is billed: billing cycle, delivery method and payment terms, kept in a profile that every invoice refers
        to.
      </>
    ),
  },
  {
    title: 'Contacts',
    to: '/docs/category/api/contacts',
    icon: 'M4 5h16v14H4zM9 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM6 16a3 3 0 0 1 6 0M14 9h3M14 13h3',
    description: (
      <>
        Keep the people behind an account up to date: billing, technical and primary contacts, with the channels your teams use to reach
        them.
      </>
    ),
  },
  {
    title: 'Invoices',
    to: '/docs/category/api/invoices',
    icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
    description: (
      <>
        Create invoices, list them for a customer and download the same PDF your customer receives, ready to attach to an email or a portal.
      </>
    ),
  },
  {
    title: 'Tickets',
    to: '/docs/category/api/tickets',
    icon: 'M4 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h16v-2a2 2 0 0 1 0-4 2 2 0 0 0 0-4V6H4zM14 6v12',
    description: (
      <>
        Open, update and track support tickets, and read the ticket options (statuses, priorities, categories) so your forms only offer
        valid values.
      </>
    ),
  },
];

function FeatureCard({title, to, icon, description}: Feature): ReactNode {
  return (
    <li className={styles.card}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        <path d={icon} />
      </svg>
      <Heading as="h3" className={styles.cardTitle}>
        <Link to={to} className={styles.cardLink}>
          {title}
        </Link>
      </Heading>
      <p className={styles.cardText}>{description}</p>
    </li>
  );
}

export default function HomepageFeatures(): ReactNode {
  // Cards point into the generated reference: the overview card follows the document's overview
  // page, and a category card shows only when the document has that category.
  const api = useApiLinks();
  const categories = new Set(api.categories.map((c) => c.path));
  const features = FEATURES.flatMap((f) =>
    f.to === '/docs/api/rev-io-api' ? [{...f, to: api.overviewPath}] : categories.has(f.to) ? [f] : [],
  );
  return (
    <section className={styles.features} aria-labelledby="home-features-title">
      <div className="container">
        <Heading as="h2" id="home-features-title" className={styles.sectionTitle}>
          What you can build
        </Heading>
        <p className={styles.sectionLead}>
          Every resource of the billing API has its own section in the reference, with request parameters, body fields, response schemas and
          examples for each operation.
        </p>
        <ul className={styles.grid}>
          {features.map((feature) => (
            <FeatureCard key={feature.to} {...feature} />
          ))}
        </ul>
      </div>
    </section>
  );
}
