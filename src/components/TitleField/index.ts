export { TitleField, type TitleFieldProps } from './TitleField';
