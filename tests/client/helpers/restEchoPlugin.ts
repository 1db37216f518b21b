// Same-origin endpoints for the client's browser tests, served by the test dev server itself
// (cookies and the XSRF header only go to the page's own origin): the REST client's echo and a
// Snowplow collector for the tracking tests. Dev servers only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/** Where the endpoints live on the dev server. */
export const REST_ECHO_PREFIX = '/__forgekit-rest';

/** Where a Snowplow tracker whose collector is this origin sends its events (POST). */
export const SNOWPLOW_COLLECTOR_PATH = '/com.snowplowanalytics.snowplow/tp2';

const CAPTCHA_CHALLENGE = { needs_captcha_response: true, captcha_site_key: 'browser-site-key', spam_log_id: 42 };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * `/echo` answers with the request (method, URL, headers, body); `/set-cookie?name=&value=` sets
 * a cookie; `/captcha` refuses with a captcha challenge unless the captcha headers are there;
 * `/drop` closes the connection without answering. Other origins get CORS headers.
 */
export function restEchoPlugin(): Plugin {
  return {
    name: 'forgekit-rest-echo',
    configureServer(server) {
      // Accepts every event as a collector does (the tests read what was sent from the tracker itself).
      server.middlewares.use(SNOWPLOW_COLLECTOR_PATH, (req, res) => {
        void readBody(req).then(() => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
      });
      server.middlewares.use(REST_ECHO_PREFIX, (req, res) => {
        void (async () => {
          const url = new URL(req.url ?? '/', 'http://dev.invalid');
          const origin = req.headers.origin;
          if (origin) {
            res.setHeader('Access-Control-Allow-Origin', origin);
            res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
            res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
          }
          if (req.method === 'OPTIONS') {
            res.writeHead(204).end();
            return;
          }
          const echo = { method: req.method, url: req.originalUrl, headers: req.headers, body: await readBody(req) };
          switch (url.pathname) {
            case '/set-cookie':
              res.setHeader(
                'Set-Cookie',
                `${url.searchParams.get('name')}=${url.searchParams.get('value')}; Path=/; SameSite=Lax`,
              );
              sendJson(res, 200, {});
              return;
            case '/captcha':
              if (req.headers['x-gitlab-captcha-response']) sendJson(res, 201, echo);
              else sendJson(res, 409, CAPTCHA_CHALLENGE);
              return;
            case '/drop':
              req.socket.destroy();
              return;
            default:
              sendJson(res, 200, echo);
          }
        })();
      });
    },
  };
}
