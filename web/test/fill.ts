import type userEvent from '@testing-library/user-event';

/**
 * Replaces a field's text with `text` as one paste: what a person typing it ends with, without a render of the
 * screen per character (a long form typed key by key costs seconds on a busy machine).
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}
