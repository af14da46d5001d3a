import React from 'react';
import type {MissingPart} from '../../../plugins/guides/client/guide-parts';
import styles from './styles.module.css';

/** Where a guide embeds a part that a foreign description lacks (the build warned about it). */
export default function Missing({data, part}: {data: MissingPart; part: string}) {
  return (
    <p className={styles.missing} data-guide-part={part} role="note">
      Not in this API description: {data.what}.
    </p>
  );
}
