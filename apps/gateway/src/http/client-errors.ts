import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const ANSWERS: Record<string, [status: number, reason: string, code: string, error: string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'HEADERS_TOO_LARGE',
    'Cabeçalhos grandes demais',
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'PAYLOAD_TOO_LARGE', 'Conteúdo grande demais'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'Tempo da requisição esgotado'],
};

/**
 * Requests Node's HTTP parser refuses before Express sees them (an URL or headers over the 16 KB
 * limit, malformed HTTP) answer with the API's error shape too, instead of Node's empty 400/431.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, code, message] = ANSWERS[error.code ?? ''] ?? [
      400,
      'Bad Request',
      'BAD_REQUEST',
      'Requisição inválida',
    ];
    const body = JSON.stringify({ success: false, error: message, code });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
