import { useState } from "react";

/*
 * Which fields of a public form the visitor has left, so their messages show from then on.
 * A message appearing moves whatever is below it: shown while the visitor is pressing on
 * the next control (a choice, the submit button), the press would end beside it and the
 * click would be lost. So a field left in the middle of a press is marked once the click
 * has landed; one left with Tab, at once.
 */

let pressing = false;
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => (pressing = true), true);
  for (const end of ["pointerup", "pointercancel"]) {
    document.addEventListener(end, () => (pressing = false), true);
  }
}

/** Runs `mark` now, or after the click of the press under way (at most a second later). */
function afterPress(mark: () => void): void {
  if (!pressing) return mark();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    document.removeEventListener("click", afterClick, true);
    mark();
  };
  // In the capture phase the click has not been handled yet: mark just after it is.
  const afterClick = () => setTimeout(once, 0);
  document.addEventListener("click", afterClick, true);
  setTimeout(once, 1000); // a press that ends in no click (a drag away)
}

export function useTouchedFields<Field extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  /** The field's blur handler. */
  const touch = (field: Field) => () =>
    afterPress(() => setTouched((current) => new Set(current).add(field)));
  return { touched, touch };
}
