// Server-only, plain JavaScript (server.mjs loads it without a build): the answer to a request Node's HTTP parser
// refuses before any route sees it (a non-numeric or duplicated Content-Length, headers too large, a request that
// did not arrive in time, bytes that are not HTTP). Node's default answer is an empty `400 Bad Request`; every other
// refusal of this server is JSON `{error, message}`, so these are too, with the status Node would have given.

/** @typedef {{ status: number, reason: string, error: string, message: string }} ClientErrorAnswer */

/**
 * What to answer for a parser or socket error `code` (Node's `err.code`, e.g. `HPE_INVALID_CONTENT_LENGTH`).
 * @param {string | undefined} code
 * @returns {ClientErrorAnswer}
 */
export function clientErrorAnswer(code) {
  switch (code) {
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return {
        status: 400,
        reason: 'Bad Request',
        error: 'invalid_content_length',
        message: 'Content-Length must be one decimal byte count.',
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        error: 'headers_too_large',
        message: 'The request headers are larger than this server accepts.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        error: 'request_timeout',
        message: 'The request did not arrive in time; the connection is closed.',
      };
    default:
      return {
        status: 400,
        reason: 'Bad Request',
        error: 'bad_request',
        message: 'The request could not be read as HTTP.',
      };
  }
}

/**
 * The raw HTTP/1.1 response for `answer`: JSON, closed after it, with the headers every answer of this server has.
 * @param {ClientErrorAnswer} answer
 * @returns {string}
 */
export function clientErrorResponse(answer) {
  const body = JSON.stringify({ error: answer.error, message: answer.message });
  return [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    'referrer-policy: no-referrer',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * A `clientError` listener for `http.Server`. As Node's own: it answers only when the socket can still take an answer
 * and no response has started on it (else the peer would read a corrupt stream), then closes the connection.
 * @param {Error & { code?: string }} err
 * @param {import('node:net').Socket & { _httpMessage?: { headersSent?: boolean } | null }} socket
 */
export function onClientError(err, socket) {
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(clientErrorAnswer(err.code)));
  // end() lets the answer drain before the close (destroy() at once could reset it away); a peer that keeps its side
  // open is cut after a few seconds.
  socket.setTimeout(5000, () => socket.destroy());
}
