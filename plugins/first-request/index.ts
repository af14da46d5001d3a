/**
 * The home page's first request (src/components/HomepageFirstRequest), made and highlighted at
 * build time and written as `@generated/portal-first-request/default/first-request.json`, which
 * only the home page imports. In `customFields` it sat in the site config, which every page loads.
 * Options: {apiBaseUrl} (the address the request calls).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {highlight} from '../api-pages/highlight';
import {
  FIRST_REQUEST_LANGUAGE,
  FIRST_REQUEST_VARIABLES,
  firstRequestCode,
  type FirstRequest,
} from '../../src/components/HomepageFirstRequest/request';

export const FIRST_REQUEST_DATA = 'first-request.json';

export function firstRequest(apiBaseUrl: string): FirstRequest {
  const code = firstRequestCode(apiBaseUrl);
  return {language: FIRST_REQUEST_LANGUAGE, code, html: highlight(code, FIRST_REQUEST_LANGUAGE), variables: FIRST_REQUEST_VARIABLES};
}

export default function firstRequestPlugin(_context: LoadContext, options: {apiBaseUrl: string}): Plugin<FirstRequest> {
  return {
    name: 'portal-first-request',
    loadContent: async () => firstRequest(options.apiBaseUrl),
    async contentLoaded({content, actions}) {
      await actions.createData(FIRST_REQUEST_DATA, JSON.stringify(content));
    },
  };
}
