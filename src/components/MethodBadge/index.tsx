import React from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export default function MethodBadge({method, className}: {method: string; className?: string}) {
  return <span className={clsx(styles.badge, styles[method], className)}>{method.toUpperCase()}</span>;
}
