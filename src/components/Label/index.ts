export { Label, splitScopedLabel, removeLabelText, SCOPED_LABEL_SEPARATOR, type LabelProps } from './Label';
