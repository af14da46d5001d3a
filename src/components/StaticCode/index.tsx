import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import CopyButton from '@site/src/components/CopyButton';
import styles from './styles.module.css';

/**
 * A code block highlighted at build time (plugins/remark/static-code.ts): token markup in, no
 * highlighter in the browser. Same colours as the API pages' code (src/css/api.css).
 */
export default function StaticCode({
  language,
  title,
  code,
  html,
}: {
  language: string;
  title?: string;
  code: string;
  html: string;
}): ReactNode {
  return (
    <div className={clsx(styles.block, language && `language-${language}`)}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.body}>
        {/* Scrollable, so focusable for keyboard users. */}
        <pre className={clsx('api-code', styles.pre)} tabIndex={0}>
          <code dangerouslySetInnerHTML={{__html: html}} />
        </pre>
        <CopyButton text={code} className={styles.copy} />
      </div>
    </div>
  );
}
