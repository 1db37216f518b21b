// apollo-upload-client 19 ships JavaScript with JSDoc types only; the part this library uses.
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client/link';
  import type { HttpLink } from '@apollo/client/link/http';

  /** A terminating link sending a GraphQL multipart request when the variables hold files. */
  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: Pick<HttpLink.Options, 'uri' | 'fetch' | 'credentials' | 'headers' | 'fetchOptions'>);
  }
}

declare module 'apollo-upload-client/isExtractableFile.mjs' {
  /** Whether a value is a file the multipart request carries (`File`, `Blob` or `FileList`). */
  export default function isExtractableFile(value: unknown): value is File | Blob | FileList;
}
