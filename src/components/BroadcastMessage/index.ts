export {
  BroadcastMessage,
  BROADCAST_MESSAGE_TYPES,
  BROADCAST_MESSAGE_THEMES,
  BROADCAST_MESSAGE_DISMISS_LABEL,
  updateBroadcastBannersHeight,
  resolveDismissalPath,
  type BroadcastMessageProps,
  type BroadcastMessageType,
  type BroadcastMessageTheme,
  type BroadcastMessageDismissal,
} from './BroadcastMessage';
