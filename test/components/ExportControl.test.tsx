import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ExportControl, type ExportControlProps } from '../../src/components/ExportControl/ExportControl.js'
import type { ExportProgress } from '../../src/core/export/csv.js'
import { axeViolations } from './axe.js'

const progress = (entries: number, rows = entries): ExportProgress => ({
  entries,
  rows,
  requests: 1,
  chain: 'eth',
  reached: '2024-03-02T12:00:00.000Z',
  resume: null,
  done: false,
})

const control = (props: Partial<ExportControlProps>) => (
  <ExportControl status="idle" progress={null} onStart={() => {}} onCancel={() => {}} locale="en-GB" timeZone="UTC" {...props} />
)

describe('ExportControl', () => {
  it('keeps keyboard focus in the control as its button changes: Export CSV → Cancel → Export CSV', async () => {
    const view = render(control({}))
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export CSV' }))
    view.rerender(control({ status: 'running', progress: progress(2) }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    view.rerender(control({ status: 'done', progress: progress(6) }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export CSV' }))
    view.rerender(control({ status: 'running', progress: null }))
    view.rerender(control({ status: 'error', progress: progress(2), error: new Error('down') }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume export' }))
  })

  it('does not take focus it did not have', () => {
    const view = render(
      <>
        <button type="button">Elsewhere</button>
        {control({})}
      </>,
    )
    screen.getByRole('button', { name: 'Elsewhere' }).focus()
    view.rerender(
      <>
        <button type="button">Elsewhere</button>
        {control({ status: 'running', progress: progress(2) })}
      </>,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }))
  })

  it('speaks progress and the outcome through one live region that is there before the export starts', async () => {
    const view = render(control({}))
    // A screen reader announces changes to a region it already knows; a region inserted with its text is often not read.
    const region = screen.getByRole('status')
    expect(region.textContent).toBe('')
    view.rerender(control({ status: 'running', progress: progress(2) }))
    expect(screen.getByRole('status')).toBe(region)
    expect(region.textContent).toBe('2 transactions, up to 2 Mar 2024')
    view.rerender(control({ status: 'done', progress: progress(6) }))
    expect(screen.getByRole('status')).toBe(region)
    expect(region.textContent).toBe('Saved 6 rows')
    view.rerender(control({ status: 'cancelled', progress: progress(2) }))
    expect(region.textContent).toBe('Export cancelled')
    expect(await axeViolations(view.container)).toEqual([])
  })

  it('says "1 row" for one row', () => {
    render(control({ status: 'done', progress: progress(1, 1) }))
    expect(screen.getByRole('status').textContent).toBe('Saved 1 row')
  })
})
