/**
 * Generated files the site serves as they are, without the bundler: the response check files
 * (./response-checks.ts). gen:api writes them to `<API docs folder>/_public/<path>`, and that folder
 * is one of Docusaurus's staticDirectories (docusaurus.config.ts), so `<path>` is served at
 * `<baseUrl><path>` by `npm start` and copied into the build.
 */
import path from 'node:path';

export const PUBLIC_DIR = '_public';

/** The static directory of an API docs folder (docs/api, or an older version's). */
export const publicDirOf = (apiDocsDir: string): string => path.join(apiDocsDir, PUBLIC_DIR);
