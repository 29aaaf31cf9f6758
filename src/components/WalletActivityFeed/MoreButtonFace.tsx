/**
 * What the folded toolbar's "More" button shows: three dots in a round button (the spinner instead
 * while an export runs), its word heard by assistive technology only.
 */
export function MoreButtonFace({ label, running = false }: { label: string; running?: boolean | undefined }) {
  return (
    <>
      {running ? (
        <span className="bf-toolbar__spinner" aria-hidden="true" />
      ) : (
        <svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </svg>
      )}
      <span className="bf-visually-hidden">{label}</span>
    </>
  )
}
