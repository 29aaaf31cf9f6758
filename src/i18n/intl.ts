/**
 * One Intl formatter per constructor, locale and options, made on first use: constructing a
 * formatter costs far more than formatting with it, and rows format on every render.
 */
const formatters = new Map<string, unknown>()

export function intlFormatter<O extends object, F>(
  Formatter: new (locale: string | undefined, options: O) => F,
  locale: string | undefined,
  options: O,
): F {
  const key = `${Formatter.name}|${locale ?? ''}|${JSON.stringify(options)}`
  let f = formatters.get(key) as F | undefined
  if (f === undefined) {
    f = new Formatter(locale, options)
    formatters.set(key, f)
  }
  return f
}
