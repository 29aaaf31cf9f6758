/** Visible text marker for anything flagged `possible_spam` (shown only when the viewer asked to see spam). */
export function SpamMark({ label }: { label: string }) {
  return (
    <span className="bf-spam-mark">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="12" height="12">
        <path d="M8 2l6.5 11.5h-13zM8 6.5v3.5M8 11.6v.1" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
      {label}
    </span>
  )
}
