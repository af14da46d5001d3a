/**
 * Minifies the inline scripts of the built pages. The build runs with Docusaurus's own HTML
 * minification off (SKIP_HTML_MINIFICATION in `npm run build`): with the options Docusaurus 3.7
 * passes, html-minifier-terser changes nothing on our pages but the inline scripts, and it ran
 * Terser on the same few scripts again for every page: about a fifth of the static generation
 * time of a 1,500-page reference. Here each distinct script is minified once, before the policy
 * hashes it, and the result is reused on every page.
 */
import {minify} from 'terser';

export class InlineScriptMinifier {
  private readonly pending = new Map<string, Promise<string>>();
  private readonly results = new Map<string, string>();

  /** Minifies `text` (once per distinct text). A script Terser cannot parse stays as it is. */
  minify(text: string): Promise<string> {
    let result = this.pending.get(text);
    if (!result) {
      result = (
        text.trim() === ''
          ? Promise.resolve(text)
          : minify(text, {compress: true, mangle: true, format: {comments: false}}).then(
              (out) => out.code ?? text,
              () => text,
            )
      ).then((code) => {
        this.results.set(text, code);
        return code;
      });
      this.pending.set(text, result);
    }
    return result;
  }

  /** The minified text of a script minify() has finished with. */
  minified(text: string): string {
    const code = this.results.get(text);
    if (code === undefined) throw new Error('InlineScriptMinifier: a script was not minified before the pages were rewritten');
    return code;
  }

  /** Bytes saved over the distinct scripts. */
  get saved(): number {
    let n = 0;
    for (const [text, code] of this.results) n += text.length - code.length;
    return n;
  }

  get size(): number {
    return this.results.size;
  }
}
