import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {existsSync} from 'node:fs';
import path from 'node:path';

// The API sidebar is generated with the API pages (npm run gen:api) from the processed OpenAPI
// document: the overview page first, then one category per tag, each with a generated index page.
const generated = path.join(__dirname, 'docs/api/sidebar.ts');
if (!existsSync(generated)) {
  throw new Error(
    `sidebars.ts: ${generated} does not exist. Run "npm run gen:api" (build and start run it for you).`,
  );
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const apiSidebar = require(generated).default as SidebarsConfig[string];

const sidebars: SidebarsConfig = {apiSidebar};

export default sidebars;
