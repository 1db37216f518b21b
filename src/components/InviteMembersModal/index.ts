export {
  InviteMembersModal,
  INVITE_MEMBERS_DEFAULT_ACCESS_LEVEL,
  INVITE_MEMBERS_ROLES,
  INVITE_MEMBERS_SEARCH_DELAY,
  type InvitableUser,
  type InviteMembersModalProps,
  type MemberInvitation,
} from './InviteMembersModal';
export { INVITE_MEMBERS_TEXTS } from './inviteMembersTexts';
