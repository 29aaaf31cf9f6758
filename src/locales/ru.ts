import type { Catalogue } from '../i18n/types.js'
import main from './ru/main.js'
import details from './ru/details.js'
import live from './ru/live.js'
import exportPart from './ru/export.js'

/**
 * Russian: every message of the components (`blockfeed/locales/ru`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const ru: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default ru
