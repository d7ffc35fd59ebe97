// @ts-check
/**
 * A path with malformed percent-encoding (`/pompes-funebres/%E0%A4%A`, `%ZZ`) is the
 * client's mistake: answered 400 here, before Next.js, whose page and file routes
 * decode their parameters and would otherwise fail with a 500 (issue 21). Only the path
 * is checked: a query string is each page's own business.
 */

/** @param {string} url */
export function hasMalformedPath(url) {
  const path = url.split("?")[0] ?? "";
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Answers 400 and returns true for a malformed path; false lets the request through.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export function rejectMalformedPath(req, res) {
  if (!hasMalformedPath(req.url ?? "/")) return false;
  res.writeHead(400, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify({ error: "Bad Request", message: "bad_request" }));
  return true;
}
