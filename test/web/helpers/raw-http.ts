import { connect } from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased, every occurrence kept. */
  readonly headers: [string, string][];
  readonly body: string;
  header(name: string): string | undefined;
}

/** Sends bytes exactly as written (duplicate or missing Host, odd targets) and reads until the server closes. */
export function rawRequest(port: number, request: string, address = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, address, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP response: ${JSON.stringify(text)}`));
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers = lines.map((line): [string, string] => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      });
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: Buffer.from(text.slice(split + 4), 'latin1').toString('utf8'),
        header: (name) => headers.find(([key]) => key === name.toLowerCase())?.[1],
      });
    });
  });
}

/** A GET with the given extra header lines (each without CRLF). */
export function get(port: number, target: string, headerLines: string[], address?: string): Promise<RawResponse> {
  return rawRequest(port, [`GET ${target} HTTP/1.1`, ...headerLines, 'Connection: close', '', ''].join('\r\n'), address);
}
