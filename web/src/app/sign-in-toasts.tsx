/**
 * The sign-in app's toasts, loaded on its first failure only (react-toastify is a library the page needs only then):
 * the staff app's container, mounted in a root of its own, so a failed sign-in looks as it always did.
 */
import { createRoot, type Root } from 'react-dom/client';
import { toast } from 'react-toastify';
import { Toasts } from './Toasts';

let root: Root | null = null;

export function showSignInError(message: string) {
  if (!root) {
    const element = document.createElement('div');
    document.body.append(element);
    root = createRoot(element);
    root.render(<Toasts />);
  }
  toast.error(message); // kept until the container is mounted
}

/** Before the staff app starts with its own container (two containers would show every toast twice). */
export function removeSignInToasts() {
  root?.unmount();
  root = null;
}
