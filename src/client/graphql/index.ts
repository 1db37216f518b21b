// Filled in by the graphql part of forgekit/client.
export {};
