import React, {useEffect, useRef, useState} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';
import {copyableText} from './copyable-text';

/**
 * Copies `text` (or the text of the element `target()` returns) and says so for two seconds. What
 * reaches the clipboard has passed copyableText: no raw control character (./copyable-text).
 */
export default function CopyButton({
  text,
  target,
  label = 'Copy',
  className,
}: {
  text?: string;
  target?: () => HTMLElement | null;
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    const value = copyableText(text ?? target?.()?.textContent ?? '');
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard API unavailable (insecure origin): fall back to a hidden textarea.
      const area = document.createElement('textarea');
      area.value = value;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" className={clsx(styles.copy, className)} onClick={copy} aria-label={copied ? 'Copied' : label}>
      {copied ? 'Copied' : label}
    </button>
  );
}
