/**
 * The screen shown when rendering throws outside a page's content (a page component before it
 * renders its layout, the navbar, the footer…), caught by the root error boundary.
 *
 * Docusaurus 3.7.0 falls back to @docusaurus/core's theme-fallback Error here, whose title reads
 * "This page crashed" — no period and not translatable — while crashes inside the content show
 * theme-classic's ErrorPageContent ("This page crashed."). The product spec words the crash screen
 * 'This page crashed.' with the error message and a 'Try again' button, so this replacement shows
 * the same ErrorPageContent inside the site layout, and, if the layout itself is what crashes, a
 * bare screen with the same title, message and button. Structure as upstream: a route context
 * (the theme's layout needs one) and an inner error boundary around the layout.
 */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {translate} from '@docusaurus/Translate';
import {ErrorBoundaryError, ErrorBoundaryTryAgainButton} from '@docusaurus/theme-common';
// Same provider the upstream fallback uses; not part of a public entry point.
import {RouteContextProvider} from '@docusaurus/core/lib/client/routeContext';
import Layout from '@theme/Layout';
import ErrorPageContent from '@theme/ErrorPageContent';
import type {Props} from '@theme/Error';

function BareErrorScreen({error, tryAgain}: Props): ReactNode {
  return (
    <main style={{maxWidth: '80ch', margin: '0 auto', padding: '2rem 1rem', fontSize: '20px'}}>
      <h1>
        {translate({
          id: 'theme.ErrorPageContent.title',
          message: 'This page crashed.',
          description: 'The title of the fallback page when the page crashed',
        })}
      </h1>
      <ErrorBoundaryTryAgainButton onClick={tryAgain} className="button button--primary margin-vert--md" />
      <ErrorBoundaryError error={error} />
    </main>
  );
}

export default function Error({error, tryAgain}: Props): ReactNode {
  return (
    <RouteContextProvider value={{plugin: {name: 'docusaurus-core-error-boundary', id: 'default'}}}>
      <ErrorBoundary fallback={() => <BareErrorScreen error={error} tryAgain={tryAgain} />}>
        <Head>
          <title>Page Error</title>
        </Head>
        <Layout>
          <ErrorPageContent error={error} tryAgain={tryAgain} />
        </Layout>
      </ErrorBoundary>
    </RouteContextProvider>
  );
}
