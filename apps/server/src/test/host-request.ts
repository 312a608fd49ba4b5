import http from 'node:http';

export type HostResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: <T = unknown>() => T;
};

/**
 * A request to the test server as a browser on another host name would send it: fetch cannot
 * set the Host header, node:http can (one deployment, several brands by host name).
 */
export function requestAsHost(
  baseUrl: string,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: { ...init.headers, host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
