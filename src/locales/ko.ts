import type { Catalogue } from '../i18n/types.js'
import main from './ko/main.js'
import details from './ko/details.js'
import live from './ko/live.js'
import exportPart from './ko/export.js'

/**
 * Korean: every message of the components (`blockfeed/locales/ko`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const ko: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default ko
