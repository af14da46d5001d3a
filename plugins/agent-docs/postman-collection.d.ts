// The parts of the postman-collection SDK (no bundled types) the build tests use.
declare module 'postman-collection' {
  export class Collection {
    constructor(definition: unknown);
    variables: {get(key: string): unknown};
    forEachItem(cb: (item: {name: string; request: {method: string; url: {getPath(): string}}}) => void): void;
    forEachItemGroup(cb: (group: {name: string}) => void): void;
  }
}
