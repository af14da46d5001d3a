// Written at build time by plugins/api-versions/plugin.ts (actions.createData).
declare module '@generated/portal-api-versions/default/pages.json' {
  import type {VersionPages} from '@site/plugins/api-versions/client/mapping';
  const pages: VersionPages[];
  export default pages;
}
