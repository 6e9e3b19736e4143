// A server that breaks the kit's bounds on purpose: `endless` streams a body that never ends,
// `silent` accepts the request and never answers. Loopback only; prints its URL.
import { createServer } from 'node:http';

const mode = process.argv[2];
const server = createServer((req, res) => {
  req.resume();
  if (mode === 'silent') return;
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
});
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
