/**
 * The part of lunr 2.3 (a dependency of @easyops-cn/docusaurus-search-local, which ships no types)
 * that the search client uses.
 */
declare module 'lunr' {
  namespace lunr {
    type PipelineFunction = (token: unknown, i?: number, tokens?: unknown[]) => unknown;
    const stopWordFilter: PipelineFunction;
    const stemmer: PipelineFunction;
    const trimmer: PipelineFunction;
    const version: string;

    class Token {
      constructor(str: string, metadata: object);
      toString(): string;
      metadata: {position?: [number, number]; index?: number};
    }
    function tokenizer(text: string, metadata?: object): Token[];

    interface QueryTermOptions {
      fields?: string[];
      boost?: number;
      presence?: number;
      wildcard?: number;
      editDistance?: number;
      usePipeline?: boolean;
    }
    interface Query {
      term(term: string | string[], options?: QueryTermOptions): Query;
    }
    namespace Query {
      const wildcard: {NONE: 0; LEADING: 1; TRAILING: 2};
      const presence: {OPTIONAL: 1; REQUIRED: 2; PROHIBITED: 3};
    }

    interface FieldMatch {
      position?: [number, number][];
    }
    interface MatchData {
      metadata: Record<string, Record<string, FieldMatch>>;
    }
    interface Result {
      ref: string;
      score: number;
      matchData: MatchData;
    }

    interface TokenSetNode {
      final: boolean;
      edges: Record<string, TokenSetNode>;
    }
    class Pipeline {
      add(...fns: PipelineFunction[]): void;
      remove(fn: PipelineFunction): void;
      run(tokens: Token[]): Token[];
      runString(text: string, metadata?: object): string[];
      reset(): void;
    }

    class Index {
      static load(serialized: unknown): Index;
      invertedIndex: Record<string, unknown>;
      tokenSet: TokenSetNode;
      pipeline: Pipeline;
      query(fn: (this: Query, query: Query) => void): Result[];
      search(queryString: string): Result[];
      toJSON(): object;
    }

    class Builder {
      metadataWhitelist: string[];
      pipeline: Pipeline;
      searchPipeline: Pipeline;
      ref(field: string): void;
      field(name: string, attributes?: object): void;
      add(doc: object): void;
      build(): Index;
      // Internal state of lunr 2.3.9, read and written by ./compact-index.ts.
      invertedIndex: Record<string, Record<string, unknown>>;
      fieldTermFrequencies: Record<string, Record<string, number>>;
      fieldLengths: Record<string, number>;
      documentCount: number;
      termIndex: number;
      _documents: Record<string, {boost?: number}>;
    }
  }
  function lunr(config: (this: lunr.Builder, builder: lunr.Builder) => void): lunr.Index;
  export = lunr;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js' {
  /** The theme's server-side index builder (used by unit tests to make real fixtures). */
  export function buildIndex(
    allDocuments: object[][],
    options: {language: string[]; removeDefaultStopWordFilter: string[]; removeDefaultStemmer: boolean},
  ): {documents: object[]; index: unknown}[];
}
