/**
 * A play that finds controls by their English names: it runs in English and is skipped when the
 * Language toolbar shows the story in another language (the story itself follows the toolbar).
 */
export const inEnglish =
  <Context extends { globals: Record<string, unknown> }>(play: (context: Context) => Promise<void>) =>
  async (context: Context): Promise<void> => {
    if (((context.globals.locale as string | undefined) ?? 'en') === 'en') await play(context)
  }
