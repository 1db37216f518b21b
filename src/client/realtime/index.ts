// Realtime: the shared ActionCable consumer, its connection state, channel subscriptions and the
// Apollo link for GraphQL subscriptions over GraphqlChannel.
export * from './consumer';
export * from './channel';
export * from './actionCableLink';
