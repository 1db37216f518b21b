// The dismissal payload: a module of its own so DataProvider's adapter types can name it without
// importing the component (which reads DataProvider: no import circle).
/** The body POSTed to the dismissal path (spec sections 3 and 7). */
export interface BroadcastMessageDismissal {
  broadcast_message_id: number | string;
  expires_at: string | undefined;
}
