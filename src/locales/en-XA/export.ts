import { pseudoCatalogue } from '../../i18n/pseudo.js'
import type { ExportPart } from '../../i18n/types.js'
import en from '../en/export.js'

/** The pseudo-locale, export: English accented, about 35 % longer and bracketed. */
const exportPart: ExportPart = pseudoCatalogue<ExportPart>(en)

export default exportPart
