/** Waits `n` animation frames: layout and the virtualizer's measuring have had their turn. */
export const frames = (n = 2) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)))
    step(n)
  })

/** The row the reader is looking at: the first article whose top is inside the viewport, and where it is. */
export function readingRow(viewport: HTMLElement) {
  const top = viewport.getBoundingClientRect().top
  for (const item of viewport.querySelectorAll<HTMLElement>('[data-key]')) {
    const rect = item.getBoundingClientRect()
    if (item.querySelector('article') && rect.top >= top) return { key: item.dataset.key!, top: rect.top }
  }
  throw new Error('no row on screen')
}

/** Where the row with `key` is now (undefined when it is not rendered). */
export const rowTop = (viewport: HTMLElement, key: string) => viewport.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.getBoundingClientRect().top
