import { useEffect, type RefObject } from "react";

/**
 * A button disabled while its action runs loses the focus to the page (browsers drop it there). When the
 * action failed (`failure` is set, a new value each time), the keyboard resumes on the button, to try
 * again, unless the focus has moved somewhere else meanwhile.
 */
export function useFocusBackAfterFailure(button: RefObject<HTMLElement | null>, failure: unknown) {
  useEffect(() => {
    if (failure && (document.activeElement === document.body || !document.activeElement)) button.current?.focus();
  }, [button, failure]);
}
