// The package's ES module build, which ./react-router.ts re-exports under the package's name.
declare module 'react-router/esm/react-router.js' {
  export * from 'react-router';
}

// What the tests use of react-dom's server renderer (the project has no @types/react-dom).
declare module 'react-dom/server' {
  export function renderToStaticMarkup(element: import('react').ReactElement): string;
}
