import clsx from 'clsx';
import { TextField, type TextFieldProps } from '../Form/TextField';
import { validateTitle } from '../../utils/validation';

export interface TitleFieldProps extends Omit<TextFieldProps, 'validate' | 'label'> {
  /**
   * The visible label.
   * @default 'Title'
   */
  label?: TextFieldProps['label'];
}

/**
 * A text field for a work item or issuable title: more than 255 characters (code points, as the
 * server counts) shows 'Title cannot have more than 255 characters.' as the user types and blocks
 * the submit (spec section 5, `validateTitle`). There is no `maxlength`, so a pasted long title
 * is kept and the user decides what to cut.
 */
export function TitleField({ label = 'Title', className, ...rest }: TitleFieldProps) {
  return <TextField {...rest} label={label} validate={validateTitle} className={clsx('fk-title-field', className)} />;
}
