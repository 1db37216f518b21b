import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import type { ColorPickerProps } from '../ColorPicker/ColorPicker';
import type { WorkItemAttributeListboxProps } from '../WorkItemAttribute/WorkItemAttributeListbox';

/**
 * The editors' heavy parts (`editorParts.ts`), loaded once per page when a widget's Edit button is
 * reached for (each widget gives it to `WorkItemAttribute` as its `editorModule`): a page showing
 * the sidebar carries the values, not the pickers.
 */
export const widgetEditorParts = lazyModule(() => import('./editorParts'));

/** `WorkItemAttributeListbox`, drawn by an editor (which opens only once the parts are there). */
export function AttributeListbox(props: WorkItemAttributeListboxProps) {
  const parts = useLazyModule(widgetEditorParts);
  return parts ? <parts.WorkItemAttributeListbox {...props} /> : null;
}

/** `ColorPicker`, drawn by an editor (which opens only once the parts are there). */
export function AttributeColorPicker(props: ColorPickerProps) {
  const parts = useLazyModule(widgetEditorParts);
  return parts ? <parts.ColorPicker {...props} /> : null;
}
