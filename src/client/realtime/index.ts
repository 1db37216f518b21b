// Filled in by the realtime part of forgekit/client.
export {};
