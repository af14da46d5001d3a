// Written at build time by plugins/first-request (actions.createData).
declare module '@generated/portal-first-request/default/first-request.json' {
  import type {FirstRequest} from '@site/src/components/HomepageFirstRequest/request';
  const request: FirstRequest;
  export default request;
}
