/**
 * Front matter keys of an older API version's pages that the version banner reads
 * (src/theme/DocVersionBanner), written by gen:versions (./generate.ts latestTargets). Plain
 * constants: the browser bundle imports them.
 */
/** The same page in the latest version (site path without the base URL). */
export const LATEST_PATH_KEY = 'latest_version_path';
/** When the page is an operation the latest version removed: a sentence saying so and naming its replacement. */
export const LATEST_NOTE_KEY = 'latest_version_note';
/** With the note: what the link opens (the replacement's title, "its category", "the overview"). */
export const LATEST_TARGET_KEY = 'latest_version_target';
