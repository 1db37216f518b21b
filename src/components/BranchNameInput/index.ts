export { BranchNameInput, type BranchNameInputProps } from './BranchNameInput';
