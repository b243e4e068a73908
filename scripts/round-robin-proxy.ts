/**
 * One address in front of several portal instances, for the two-instance e2e suite: each request goes to the next
 * instance in turn (`npx tsx scripts/round-robin-proxy.ts <port> <target port>…`). Bodies and answers are streamed
 * (live streams too); the instance that answered is named in `x-served-by`.
 */
import http from 'node:http';

const [listen, ...targets] = process.argv.slice(2).map(Number);
if (!listen || targets.length === 0) throw new Error('usage: round-robin-proxy <port> <target port>…');
let next = 0;

const server = http.createServer((req, res) => {
  const port = targets[next++ % targets.length]!;
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(port) });
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('bad gateway');
  });
  req.pipe(upstream);
  res.on('close', () => upstream.destroy());
});
server.listen(listen, '127.0.0.1', () => console.log(`round-robin proxy on ${listen} → ${targets.join(', ')}`));
