/**
 * `react-router` for the server bundle (see index.ts): the package itself, with `matchPath`
 * answering "no" quickly for exact literal routes (match-path.ts). react-router-dom and
 * Docusaurus import it under this name, so there is still one router context.
 */
import {matchPath as reactRouterMatchPath} from 'react-router/esm/react-router.js';
import {quickMatchPath} from './match-path';

export * from 'react-router/esm/react-router.js';
export const matchPath = quickMatchPath(reactRouterMatchPath);
