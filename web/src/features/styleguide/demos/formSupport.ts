import { useEffect } from "react";
import { useForm, type FieldSpecs, type FormState } from "../../../lib/form";

/**
 * A form of the demos, optionally shown as after a failed check: every field touched, so each shows the
 * error its rule finds (the "invalid" state of a control).
 */
export function useDemoForm<V extends object>(initial: V, fields: FieldSpecs<V>, invalid = false): FormState<V> {
  const form = useForm(initial, fields);
  const { touch } = form;
  useEffect(() => {
    if (invalid) (Object.keys(fields) as (keyof V & string)[]).forEach((name) => touch(name));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: the demo starts in its state, then behaves like any form
  }, []);
  return form;
}
