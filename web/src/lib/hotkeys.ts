/**
 * Keyboard shortcuts through react-hotkeys-hook: never while typing in a field (a text-like input,
 * textarea, select or contenteditable) and never with Ctrl, Alt or Meta held, so browser and screen-reader keys
 * keep working. A focused checkbox is not typing: after ticking a row with the mouse the keys still work.
 * Keys are matched by the character they type (useKey), not by their place on a US keyboard, so "a" is the key that
 * types "a" on an AZERTY keyboard too.
 */
import { useHotkeys, type HotkeyCallback, type Options } from 'react-hotkeys-hook';

const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color', 'range']);

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target.tagName === 'INPUT') return !NOT_TEXT_INPUTS.has((target as HTMLInputElement).type);
  return target.getAttribute('role') === 'textbox';
}

/** A dialog is open (react-bootstrap marks the body): its own keys (Enter, Escape, Tab) are all that apply. */
const dialogOpen = () => document.body.classList.contains('modal-open');

const ignored = (e: KeyboardEvent) => e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target) || dialogOpen();

export function useShortcut(keys: string, callback: HotkeyCallback, options: Options = {}, deps: unknown[] = []) {
  return useHotkeys(
    keys,
    callback,
    {
      enableOnFormTags: true,
      enableOnContentEditable: true,
      ignoreEventWhen: ignored,
      preventDefault: true,
      useKey: true,
      ...options,
    },
    deps,
  );
}
