// A real HTTP server on loopback for the REST client's node tests: it records every request and
// answers with what the test's handler returns.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON (`Content-Type: application/json`), strings as they are. */
  body?: unknown;
  /** Sends the head and the body but never ends the response. */
  isEndless?: boolean;
}

/** `'destroy'` drops the connection without a response (a network error in the client). */
export type Handler = (request: RecordedRequest) => Reply | 'destroy' | Promise<Reply | 'destroy'>;

export interface RestServer {
  /** `http://127.0.0.1:{port}`. */
  origin: string;
  requests: RecordedRequest[];
  /** Replaces the handler. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** The recorded body as JSON. */
export const jsonBody = (request: RecordedRequest): unknown => JSON.parse(request.body.toString('utf8'));

/** The recorded multipart or urlencoded body, parsed by fetch's own parser. */
export function formBody(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.body), {
    headers: { 'Content-Type': String(request.headers['content-type']) },
  }).formData();
}

export async function startRestServer(initial: Handler = () => ({ body: {} })): Promise<RestServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    const reply = await handler(recorded);
    if (reply === 'destroy') {
      req.socket.destroy();
      return;
    }
    const isText = typeof reply.body === 'string' || reply.body === undefined;
    res.writeHead(reply.status ?? 200, {
      ...(isText ? {} : { 'Content-Type': 'application/json' }),
      ...reply.headers,
    });
    const text = isText ? ((reply.body as string | undefined) ?? '') : JSON.stringify(reply.body);
    if (reply.isEndless) res.write(text);
    else res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
