// A card's data: a leaf type shared by the popover manager (eager) and the popover chunk it loads
// with import(), so that chunk does not import the manager back (no import circle).
/** Data being fetched for a card, readable synchronously once settled. */
export interface PopoverResource<T> {
  readonly promise: Promise<T>;
  status: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  error?: unknown;
}
