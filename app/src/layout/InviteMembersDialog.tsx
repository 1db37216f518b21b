/** The invite-members modal with the product's data: the chunk InviteMembers.tsx loads when idle. */
import { InviteMembersModal } from 'forgekit';
import { addMembers, searchInvitableUsers, type MemberSource } from 'forgekit/client';

export interface InviteMembersDialogProps {
  source: MemberSource;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: () => void;
}

/** Searches users through `GET users.json` and adds members through `POST {source}/members`. */
export function InviteMembersDialog({ source, name, ...rest }: InviteMembersDialogProps) {
  return (
    <InviteMembersModal
      {...rest}
      name={name}
      sourceType={source.type}
      searchUsers={searchInvitableUsers}
      invite={(invitation) => addMembers(source, invitation)}
    />
  );
}
