import React from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/**
 * The method of an operation as a badge: any method (`get`, `query`, an additionalOperations key
 * such as `PURGE`), upper-cased; the fixed methods that have a colour get it, others are grey.
 */
export default function MethodBadge({method, className}: {method: string; className?: string}) {
  return <span className={clsx(styles.badge, styles[method], className)}>{method.toUpperCase()}</span>;
}
