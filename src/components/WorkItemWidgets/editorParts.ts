/**
 * The sidebar editors' heavy parts, loaded on demand (`widgetEditorParts`): the searchable
 * listbox (react-aria's listbox, search field and collections) and the colour picker.
 */
export { WorkItemAttributeListbox } from '../WorkItemAttribute/WorkItemAttributeListbox';
export { ColorPicker } from '../ColorPicker/ColorPicker';
