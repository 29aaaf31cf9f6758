import { Fragment, type ReactNode } from 'react'

/**
 * A message with `{name}` placeholders, filled with nodes (a `<bdi>` name, a `<time>`): one message
 * per sentence, never words joined in code, so a catalogue can reorder the parts.
 */
export function fillTemplate(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode {
  const pieces = template.split(/\{(\w+)\}/)
  return pieces.map((piece, i) => (i % 2 === 0 ? piece : <Fragment key={i}>{Object.hasOwn(parts, piece) ? parts[piece] : `{${piece}}`}</Fragment>))
}
