import clsx from 'clsx';
import { TextField, type TextFieldProps } from '../Form/TextField';
import { validateRefName } from '../../utils/validation';

export interface BranchNameInputProps extends Omit<TextFieldProps, 'validate' | 'label'> {
  /**
   * The visible label.
   * @default 'Branch name'
   */
  label?: TextFieldProps['label'];
}

/**
 * A text field for a branch or tag name. As the user types, a name with a space, ~, ^, :, ?, *, [,
 * .., @{, backslash or // shows "Can't contain spaces", "Can't contain ~, ^" or "Can't contain
 * spaces, ~, ^" (spec section 5, `validateRefName`) as its error, and the form cannot be submitted
 * until it is fixed. Spell checking and auto-capitalisation are off.
 */
export function BranchNameInput({ label = 'Branch name', className, ...rest }: BranchNameInputProps) {
  return (
    <TextField
      autoComplete="off"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      {...rest}
      label={label}
      validate={validateRefName}
      className={clsx('fk-branch-name-input', className)}
    />
  );
}
