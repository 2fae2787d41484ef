/** The baseline of `npm run bench`: node:http serving one file from memory, nothing else. */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error('usage: node scripts/bench/plain-server.ts <file> <port>');
  process.exit(1);
}
const body = readFileSync(file);
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`plain server on ${port}`));
process.on('SIGTERM', () => process.exit(0));
