/**
 * The yardstick of scripts/bench-api.ts: a bare node:http server answering the same JSON bytes (and the
 * same ETag / 304) as Townflyer does for each benchmarked path, with nothing else. Started by the bench as
 * its own process: `node scripts/bench-bare-server.ts <bodies.json>`, prints `listening <port>`.
 */
import fs from 'node:fs'
import http from 'node:http'

type Body = { body: string; etag: string }
const bodies = new Map<string, { bytes: Buffer; etag: string }>(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as Record<string, Body>).map(
    ([path, { body, etag }]) => [path, { bytes: Buffer.from(body), etag }],
  ),
)

const server = http.createServer((req, res) => {
  const found = bodies.get(req.url ?? '')
  if (!found) {
    res.writeHead(404).end()
    return
  }
  if (req.headers['if-none-match'] === found.etag) {
    res.writeHead(304, { 'cache-control': 'no-cache', etag: found.etag }).end()
    return
  }
  res
    .writeHead(200, {
      'content-type': 'application/json',
      'content-length': found.bytes.length,
      'cache-control': 'no-cache',
      etag: found.etag,
    })
    .end(found.bytes)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
