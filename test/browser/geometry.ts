/** Geometry a viewer notices, read from the laid-out page: what the surface tests assert. */

const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"], [role="menuitem"]'

function visible(el: Element): boolean {
  const r = el.getBoundingClientRect()
  if (r.width === 0 || r.height === 0) return false
  if (el.closest('[hidden], .bf-visually-hidden')) return false
  const style = getComputedStyle(el)
  return style.visibility !== 'hidden' && style.display !== 'none'
}

/**
 * Pairs of visible interactive elements under `root` whose boxes intersect (by more than half a
 * pixel), leaving out an element and what it contains (a focusable row and its buttons).
 */
export function interactiveOverlaps(root: Element): string[] {
  const els = [...root.querySelectorAll(INTERACTIVE)].filter(visible)
  const name = (e: Element) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}"${(e.textContent ?? '').trim().slice(0, 24)}"`
  const out: string[] = []
  for (let i = 0; i < els.length; i++) {
    for (let j = i + 1; j < els.length; j++) {
      const a = els[i]!
      const b = els[j]!
      if (a.contains(b) || b.contains(a)) continue
      const p = a.getBoundingClientRect()
      const q = b.getBoundingClientRect()
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left)
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)
      if (w > 0.5 && h > 0.5) out.push(`${name(a)} × ${name(b)}`)
    }
  }
  return out
}

/** How many rows (articles) lie wholly inside the scrolling viewport. */
export function wholeRowsIn(viewport: Element): number {
  const box = viewport.getBoundingClientRect()
  return [...viewport.querySelectorAll('article')].filter((a) => {
    const r = a.getBoundingClientRect()
    return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5
  }).length
}
