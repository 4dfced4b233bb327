import type { Duplex } from 'node:stream';

/** Status line and German message for what Node's HTTP parser refuses; anything else is a 400. */
const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Die Kopfzeilen der Anfrage sind zu groß.'],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'Die Anfrage ist nicht rechtzeitig vollständig angekommen.',
  ],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'Die Anfrage ist fehlerhaft.'];

/**
 * The http server's `clientError` listener: a request Node's parser refuses (headers over 16 KB,
 * a malformed request line) never reaches Express, and Node would answer it with an empty body.
 * Here it gets the German JSON error every other refusal gets. As Node's own handler does, nothing
 * is written when a response is already under way on the connection; the connection then ends.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Node's own handler checks the same private field: a response whose headers went out.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [statusCode, reason, message] = (error.code && ANSWERS[error.code]) || BAD_REQUEST;
  const body = JSON.stringify({ statusCode, message });
  const head = [
    `HTTP/1.1 ${statusCode} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
