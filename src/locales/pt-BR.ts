import type { Catalogue } from '../i18n/types.js'
import main from './pt-BR/main.js'
import details from './pt-BR/details.js'
import live from './pt-BR/live.js'
import exportPart from './pt-BR/export.js'

/**
 * Portuguese (Brazil): every message of the components (`blockfeed/locales/pt-BR`). The components load it in parts
 * (this folder), each where it is first needed.
 */
const ptBR: Catalogue = { ...main, ...details, ...live, ...exportPart }

export default ptBR
