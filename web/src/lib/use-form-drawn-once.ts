import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  createFormControl,
  useFormState,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * react-hook-form's `useForm` for a form drawn in a screen's first commit, without the library's second draw of it
 * (issue 27, docs/decisions/0041). `useForm` sets its `isReady` state in a layout effect at mount: an urgent update
 * that makes React draw the form again, and run every pending effect of the screen, in the same task, before the
 * browser may paint (5-12 ms of a View click on this machine). Its maintainers keep it (react-hook-form issue 12630).
 *
 * The same form, from the library's own parts: `createFormControl` makes the form's methods once, `useFormState`
 * redraws the form when the state it reads changes (the errors), and the two steps `useForm` takes when it mounts
 * are taken here, without a state update: the form marked ready (a field edited before that is kept as edited) and
 * mounted (watch callbacks are told the field's name, validity is worked out). Its options are read once, when the
 * form is made: the resolver and the default values of these forms do not change while they are drawn.
 *
 * For the forms of the order page's first screen only; a form anywhere else uses `useForm`. The browser tests of
 * those forms (a remark and its draft, an upload, a resend, their errors) hold the behaviour to `useForm`'s.
 */
export function useFormDrawnOnce<T extends FieldValues>(options: UseFormProps<T>): UseFormReturn<T> {
  const [methods] = useState(() => createFormControl<T>(options));
  const { control } = methods;
  const formState = useFormState({ control });
  useLayoutEffect(() => {
    control._formState.isReady = true;
  }, [control]);
  useEffect(() => {
    if (!control._state.mount) {
      control._setValid();
      control._state.mount = true;
    }
    control._removeUnmounted();
  });
  // One object while the state stays the same, as `useForm` keeps one: effects keyed on the form do not run again.
  return useMemo(() => ({ ...methods, formState }), [methods, formState]);
}
