// Written at build time by plugins/api-versions/plugin.ts (actions.createData).
declare module '@generated/portal-api-versions/default/category-pages.json' {
  import type {VersionCategoryData} from '@site/plugins/api-versions/client/mapping';
  const versions: VersionCategoryData[];
  export default versions;
}
