// Filled in by the adapters part of forgekit/client.
export {};
