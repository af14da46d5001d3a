// The package's ES module build, which ./react-router.ts re-exports under the package's name.
declare module 'react-router/esm/react-router.js' {
  export * from 'react-router';
}
