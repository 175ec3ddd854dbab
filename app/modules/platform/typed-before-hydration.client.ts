/**
 * What the visitor entered into form fields before React took over the page
 * (docs/decisions/016-usable-before-scripts.md). The scripts start after the first paint, so
 * a visitor may fill in fields, and leave them, before the forms' code runs:
 *
 * - React sets a <textarea>'s value back to the text the server sent when it hydrates it, so
 *   words typed while the scripts were loading would be lost;
 * - inputs and selects keep their value, but the form's state still holds the server's, so
 *   the form would neither check nor send what the visitor sees.
 *
 * The browser entry notes the changed fields just before hydrating, and goes on noting what
 * the visitor enters while hydration runs: React hydrates in slices between the visitor's
 * events, and a field it reaches after they changed it is set back to the server's value
 * (a source chosen then was lost). The root replays them once hydration is done, as the
 * events the visitor's own typing would have sent: focus (the form loads its rules), the
 * new value, and, for a field the visitor has left, the blur that shows its message.
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Each field the visitor changed: its value, or whether a checkbox or radio is checked. */
let enteredBefore = new Map<Field, string | boolean>();

const CHECKABLE = new Set(["checkbox", "radio"]);
/** Inputs whose value is not the visitor's (or is not kept by the browser). */
const NOT_ENTERED = new Set(["hidden", "submit", "button", "reset", "image", "file", "password"]);

function changed(field: Field): string | boolean | undefined {
  if (field instanceof HTMLSelectElement) {
    const changedOption = [...field.options].some(
      (option) => option.selected !== option.defaultSelected,
    );
    return changedOption ? field.value : undefined;
  }
  if (field instanceof HTMLInputElement && CHECKABLE.has(field.type)) {
    return field.checked !== field.defaultChecked ? field.checked : undefined;
  }
  if (field instanceof HTMLInputElement && NOT_ENTERED.has(field.type)) return undefined;
  return field.value !== field.defaultValue ? field.value : undefined;
}

function note(field: Field): void {
  const entered = changed(field);
  if (entered === undefined) enteredBefore.delete(field);
  else enteredBefore.set(field, entered);
}

function noteEvent(event: Event): void {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.type === "radio") {
    // Choosing one radio button unchecks the group's other, which sends no event of its own.
    for (const radio of document.querySelectorAll<HTMLInputElement>("input[type=radio]")) {
      if (radio.name === field.name && radio.form === field.form) note(radio);
    }
  } else if (
    field instanceof HTMLInputElement ||
    field instanceof HTMLSelectElement ||
    field instanceof HTMLTextAreaElement
  ) {
    note(field);
  }
}

/**
 * Called just before hydration: the fields whose value is not what the server sent, and
 * from then on until the replay, each field the visitor changes.
 */
export function noteInputBeforeHydration(): void {
  enteredBefore = new Map();
  for (const field of document.querySelectorAll<Field>("input, select, textarea")) note(field);
  document.addEventListener("input", noteEvent, true);
  document.addEventListener("change", noteEvent, true);
}

/**
 * Sets a field's value so that React sees a change: React remembers the value it last saw
 * on the element itself, so that value is set first through the element (React notes it),
 * then the visitor's through the prototype's setter (React does not).
 */
function setAsTyped(field: Field, entered: string | boolean): void {
  if (typeof entered === "boolean") {
    const input = field as HTMLInputElement;
    input.checked = !entered;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked")?.set?.call(
      input,
      entered,
    );
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = entered;
    return;
  }
  field.value = field.defaultValue;
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, entered);
}

/**
 * Called once hydrated: each noted field gets the visitor's value back (hydration may have
 * reset it), and the events of typing it. A field changed again since is left alone.
 */
export function replayInputBeforeHydration(): void {
  document.removeEventListener("input", noteEvent, true);
  document.removeEventListener("change", noteEvent, true);
  const noted = enteredBefore;
  enteredBefore = new Map();
  for (const [field, entered] of noted) {
    if (!field.isConnected) continue;
    const left = field !== document.activeElement;
    // Hydration may have put the server's value back; any other value was entered since.
    if (changed(field) !== undefined && changed(field) !== entered) continue;
    field.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    setAsTyped(field, entered);
    // React reads a text field's change from "input", a select's from "change", and a
    // checkbox's from "click" (a plain event, which does not toggle it again).
    if (typeof entered === "boolean") field.dispatchEvent(new Event("click", { bubbles: true }));
    else if (field instanceof HTMLSelectElement)
      field.dispatchEvent(new Event("change", { bubbles: true }));
    else field.dispatchEvent(new Event("input", { bubbles: true }));
    if (left) field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  }
}
