// The signed-in viewer, as the pipeline and the popovers see it: a leaf module (no imports), so the
// popover chunk and the option types can name it without importing the pipeline's contracts.
/** The signed-in viewer; `null` or absent means anonymous (spec section 6). */
export interface MarkdownViewer {
  id: number | string;
  username: string;
}
