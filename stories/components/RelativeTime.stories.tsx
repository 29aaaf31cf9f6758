import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { RelativeTime } from '../../src/components/RelativeTime/RelativeTime.js'
import { FIXTURE_NOW } from '../../src/testing/index.js'

const meta = {
  title: 'Components/RelativeTime',
  component: RelativeTime,
  args: { value: new Date(FIXTURE_NOW).toISOString() },
} satisfies Meta<typeof RelativeTime>

export default meta
type Story = StoryObj<typeof meta>

/** A fixture time (ISO text): relative to now, with the absolute time on hover and focus. */
export const IsoText: Story = {}
export const AMinuteAgo: Story = { render: (args) => <RelativeTime {...args} value={Date.now() - 60_000} /> }
export const Yesterday: Story = { render: (args) => <RelativeTime {...args} value={new Date(Date.now() - 26 * 3600_000)} /> }
export const FrenchLocale: Story = { args: { locale: 'fr-FR', timeZone: 'Europe/Paris' } }
export const JapaneseLocale: Story = { args: { locale: 'ja-JP', timeZone: 'Asia/Tokyo' } }
/** Bad input never crashes: nothing is rendered. */
export const InvalidValue: Story = {
  args: { value: 'not a date' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('time')).toBeNull()
  },
}
/** Keyboard users reach the absolute time too. */
export const FocusShowsAbsolute: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    const time = within(canvasElement).getByText((_, el) => el?.tagName === 'TIME')
    await expect(time).toHaveFocus()
    await expect(time.getAttribute('title')).toMatch(/2025/)
  },
}
