import type { BlockfeedErrorName } from '../../core/errors.js'
import type { Translator } from '../../i18n/useMessages.js'

/** What went wrong, in the viewer's language, from the error's `name` (its own message stays for developers). */
export function errorSentence(error: Error, t: Translator): string {
  const m = t.messages.errors
  // By name, not `instanceof`: an error from another copy of the package reads the same.
  if (!Object.hasOwn(m, error.name)) return m.unknown
  const own = error as Error & { parameter?: unknown; status?: unknown }
  return t.format(m[error.name as BlockfeedErrorName], {
    parameter: typeof own.parameter === 'string' ? own.parameter : '',
    status: typeof own.status === 'number' ? String(own.status) : '',
  })
}
