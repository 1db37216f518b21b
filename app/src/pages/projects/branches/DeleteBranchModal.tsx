/**
 * The branches page's delete confirmation, in its own chunk: `Modal` (react-aria's focus scope and
 * overlay) loads when a delete button is first pointed at, focused or pressed, not with the page.
 */
import { Modal } from 'forgekit';
import { BRANCHES_TEXT } from './index.tsx';

export interface DeleteBranchModalProps {
  branchName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** 'Delete branch. Are you sure?' with GitLab's texts; the primary button deletes. */
export default function DeleteBranchModal({ branchName, open, onOpenChange, onConfirm }: DeleteBranchModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={BRANCHES_TEXT.confirmTitle}
      actionPrimary={{ text: BRANCHES_TEXT.confirmAction, variant: 'danger', onClick: onConfirm }}
      actionCancel={{ text: BRANCHES_TEXT.cancel }}
    >
      <p>{BRANCHES_TEXT.confirmBody(branchName)}</p>
    </Modal>
  );
}
