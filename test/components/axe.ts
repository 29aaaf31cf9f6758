import axe from 'axe-core'

// jsdom has no canvas; axe only probes it for icon fonts, so say "none" instead of logging "not implemented".
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext

/**
 * axe-core's violations for a subtree, as "rule: target" lines (empty when clean).
 * color-contrast needs real layout and paint: it runs in Chromium (test/browser).
 */
export async function axeViolations(node: Element): Promise<string[]> {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`))
}
