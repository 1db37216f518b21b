// Filled in by the rest part of forgekit/client.
export {};
