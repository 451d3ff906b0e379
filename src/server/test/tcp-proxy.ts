import net from 'node:net'

/**
 * A TCP proxy in front of a database server that a test can cut (every open connection destroyed and no
 * new one accepted, as when the database host goes away) and restore on the same port. `stallAfter`
 * lets a test hold a statement in flight: once a connection has forwarded a chunk matching it, that
 * connection's later bytes towards the server are kept back until it is cut; `holdAll` keeps back every
 * byte sent from then on.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let stallAfter: RegExp | undefined
  let holdEverything = false
  let heldChunks = 0

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    sockets.add(client)
    sockets.add(upstream)
    let stalled = false
    client.on('data', (chunk) => {
      if (stalled || holdEverything) {
        heldChunks++
        return
      }
      upstream.write(chunk)
      if (stallAfter?.test(chunk.toString('latin1'))) stalled = true
    })
    upstream.on('data', (chunk) => client.write(chunk))
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop)
    upstream.on('error', drop)
    client.on('close', drop)
    upstream.on('close', drop)
  })

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const port = await listen(0)

  return {
    port,
    /** Statements matching this (on connections opened or written to from now on) are the last let through. */
    stallAfter(pattern: RegExp | undefined) {
      stallAfter = pattern
    },
    /** From now on nothing more reaches the server: every request then sent stays in flight. */
    holdAll() {
      holdEverything = true
    },
    /** How many chunks sent after a stall point are being held back (a statement in flight). */
    get heldChunks() {
      return heldChunks
    },
    get openConnections() {
      return sockets.size / 2
    },
    /** The database host goes away: stop accepting and reset every open connection. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.resetAndDestroy()
      sockets.clear()
      await closed
    },
    /** The database host is back, on the same address. */
    async restore() {
      stallAfter = undefined
      holdEverything = false
      heldChunks = 0
      await listen(port)
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
