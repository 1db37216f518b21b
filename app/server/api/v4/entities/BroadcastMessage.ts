/** GitLab's broadcast message entity (`lib/api/entities/system/broadcast_message.rb`). */
import type { BroadcastMessageRow } from '../../../domain/dismissals.ts';
import { isoTime } from './context.ts';

/** GitLab's fixed colours of a message (themes replaced them; the fields stay). */
export const BROADCAST_MESSAGE_COLORS = { color: '#E75E40', font: '#FFFFFF' } as const;

/** True while the message shows: started and not yet ended (`BroadcastMessage#active?`). */
export function isBroadcastMessageActive(
  message: Pick<BroadcastMessageRow, 'starts_at' | 'ends_at'>,
  now = new Date(),
) {
  return message.starts_at <= now && now < message.ends_at;
}

/** `id, message, starts_at, ends_at, color, font, target_access_levels, target_path, broadcast_type, dismissable, active, theme`. */
export function BroadcastMessage(message: BroadcastMessageRow) {
  return {
    id: message.id,
    message: message.message,
    starts_at: isoTime(message.starts_at),
    ends_at: isoTime(message.ends_at),
    color: BROADCAST_MESSAGE_COLORS.color,
    font: BROADCAST_MESSAGE_COLORS.font,
    target_access_levels: message.target_access_levels,
    target_path: message.target_path,
    broadcast_type: message.broadcast_type,
    dismissable: message.dismissable,
    active: isBroadcastMessageActive(message),
    theme: message.theme,
  };
}
