// The service's own plain pages on a short domain: a back-half that names no link, the root, and
// the answer to a method a short link does not take.
import type { ServerResponse } from 'node:http';

export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Link not found</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>Link not found</h1><p>This short link does not exist or has been deleted.</p></body></html>
`;

export const HOME_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Short links</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>Short links</h1><p>This host serves short links. The API lives under <code>/v1/</code>.</p>
</body></html>
`;

export function sendPage(res: ServerResponse, status: number, page: string, head: boolean): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(page),
    'Cache-Control': 'no-store',
  });
  res.end(head ? undefined : page);
}

/** Anything but GET and HEAD, and POST where no password form is taken. */
export function wrongMethod(res: ServerResponse): void {
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0 });
  res.end();
}
