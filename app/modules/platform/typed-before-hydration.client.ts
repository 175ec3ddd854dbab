/**
 * What was typed into a <textarea> before React took over the page. When React hydrates a
 * textarea it sets its value back to the text the server sent, so words typed while the
 * scripts were still loading would be lost (inputs and selects keep theirs). The browser
 * entry notes them before hydrating; the root puts them back once hydration is done.
 */
let typedBefore: [HTMLTextAreaElement, string][] = [];

/** Called just before hydration: the textareas whose text is not what the server sent. */
export function noteTextTypedBeforeHydration(root: ParentNode = document): void {
  typedBefore = [...root.querySelectorAll("textarea")]
    .filter((textarea) => textarea.value !== textarea.defaultValue)
    .map((textarea) => [textarea, textarea.value]);
}

/**
 * Called once hydrated: each noted textarea that hydration reset gets its text back, with
 * an input event so the form's checks see it. One typed into since is left alone.
 */
export function restoreTextTypedBeforeHydration(): void {
  for (const [textarea, typed] of typedBefore) {
    if (!textarea.isConnected || textarea.value !== textarea.defaultValue) continue;
    textarea.value = typed;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }
  typedBefore = [];
}
