export {
  AwardEmojiBar,
  ADD_REACTION_LABEL,
  AWARD_EMOJI_BAR_LABEL,
  AWARD_TOGGLE_ERROR_MESSAGE,
  type AwardEmojiBarProps,
} from './AwardEmojiBar';
export {
  AWARD_CURRENT_USER_LABEL,
  AWARD_TOOLTIP_NAME_LIMIT,
  DEFAULT_AWARDS,
  THUMBS_DOWN,
  THUMBS_UP,
  awardButtonLabel,
  formatAwardTooltip,
  groupAwards,
  type Award,
  type AwardGroup,
  type AwardUser,
  type AwardUserId,
} from './awards';
