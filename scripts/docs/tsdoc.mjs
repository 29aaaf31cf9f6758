// TSDoc as the reference pages use it: the summary, @param, @returns, @throws, @remarks, @example,
// @defaultValue and @deprecated of one `/** … *\/` comment.

/** `value` is a block comment's inner text (starting with `*`). */
export function parseTsdoc(value) {
  const lines = value
    .replace(/^\*/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, '').replace(/\s+$/, ''))
    // A one-line comment may carry its default after the summary: `/** The chain. @defaultValue `eth` *\/`.
    .flatMap((l) => (/^\s*```/.test(l) ? [l] : l.replace(/\s+@(defaultValue|default)\b/, '\n@$1').split('\n')))
  const doc = { summary: '', body: '', params: {}, returns: '', throws: [], remarks: '', examples: [], defaultValue: '', deprecated: null }
  let tag = null
  let buffer = []
  let inFence = false
  const flush = () => {
    const text = buffer.join('\n').trim()
    buffer = []
    if (tag === null) {
      const [first, ...rest] = text.split(/\n\s*\n/)
      doc.summary = (first ?? '').replace(/\s*\n\s*/g, ' ').trim()
      doc.body = rest.join('\n\n').trim()
    } else if (tag.name === 'param') {
      const m = /^([\w.$[\]]+)\s*(?:-\s*)?([\s\S]*)$/.exec(tag.rest + (text ? `\n${text}` : ''))
      if (m) doc.params[m[1]] = m[2].trim()
    } else if (tag.name === 'throws') doc.throws.push(`${tag.rest}\n${text}`.trim())
    else if (tag.name === 'example') doc.examples.push(`${tag.rest}\n${text}`.trim())
    else if (tag.name === 'returns' || tag.name === 'remarks' || tag.name === 'defaultValue' || tag.name === 'default') {
      const key = tag.name === 'default' ? 'defaultValue' : tag.name
      doc[key] = [doc[key], `${tag.rest}\n${text}`.trim()].filter(Boolean).join('\n\n')
    } else if (tag.name === 'deprecated') doc.deprecated = `${tag.rest}\n${text}`.trim()
  }
  for (const line of lines) {
    if (/^\s*```/.test(line)) inFence = !inFence
    const m = !inFence && /^@(\w+)\s?(.*)$/.exec(line)
    if (m) {
      flush()
      tag = { name: m[1], rest: m[2] }
    } else buffer.push(line)
  }
  flush()
  return doc
}
