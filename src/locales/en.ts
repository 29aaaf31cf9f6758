import main from './en/main.js'
import details from './en/details.js'
import live from './en/live.js'
import exportPart from './en/export.js'

/**
 * English: every message of the components (`blockfeed/locales/en`). The source of keys: every
 * other catalogue has this shape (`Catalogue`), with the same `{placeholders}`; a plural message is
 * an object with one sentence per category `Intl.PluralRules` gives the language (English: `one`,
 * `other`). The components load it in parts (src/locales/en/*.ts), each where it is first needed.
 */
const en = { ...main, ...details, ...live, ...exportPart }

export default en
