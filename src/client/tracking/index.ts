// Filled in by the tracking part of forgekit/client.
export {};
