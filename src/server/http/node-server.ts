import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { describeError } from "@/server/http/errors";

/**
 * Serves a fetch handler (the Hono app's `fetch`) with node:http, without Next.js: for
 * the benchmark and scripts. In the product, Next.js's route handler mounts the app.
 */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  return new Request(url, {
    method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    // Required by undici for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === "set-cookie") return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // API answers are small JSON documents: one buffer, one write.
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

export function serveNode(handler: FetchHandler, options: { port: number; hostname?: string }): Promise<Server> {
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handler(toRequest(req)))
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        console.error(`[node-server] request failed: ${describeError(error)}`);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "Internal Server Error", message: "internal_error" }));
      });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname ?? "127.0.0.1", () => resolve(server));
  });
}
