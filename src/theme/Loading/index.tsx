/**
 * The lazy-loading screen (spec §2: a spinner while loading; on failure the error text with a
 * Retry button), with one change to what Retry does.
 *
 * A page is a chain of loadable routes (docs root, version, page). When the network drops while
 * the first page loads, every level fails; Retry reloads the level that shows the error, and the
 * next level then mounts with its own stale failure. Here a reader's Retry counts for the whole
 * chain: a level that mounts with a failure shortly after a Retry retries once by itself, so one
 * press restores the page when the network is back.
 */
import React, {useEffect, useRef, type ReactNode} from 'react';
import Loading from '@theme-original/Loading';
import type {LoadingComponentProps as Props} from 'react-loadable';

/** How long after a reader's Retry a newly shown failure is retried without asking. */
const CHAIN_RETRY_MS = 10_000;
let lastRetryAt = -Infinity;

export default function LoadingWrapper(props: Props): ReactNode {
  const {error, retry} = props;
  const retried = useRef(false);
  useEffect(() => {
    if (error && !retried.current && performance.now() - lastRetryAt < CHAIN_RETRY_MS) {
      retried.current = true;
      retry();
    }
  }, [error, retry]);
  const retryChain = () => {
    lastRetryAt = performance.now();
    retry();
  };
  return <Loading {...props} retry={retryChain} />;
}
