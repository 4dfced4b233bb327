/**
 * A TCP port that a test opens and closes at will, passing connections on to a real server: the
 * app is started against the closed port (the service "is not there") and the test later lets
 * the service come, or cuts every connection to make it go away.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './free-port';

export interface TcpProxy {
  /** The port the app is given; nothing listens on it until `open`. */
  port: number;
  open(): Promise<void>;
  /** Stops listening and cuts every connection passed on so far. */
  close(): Promise<void>;
}

export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  return {
    port,
    open() {
      server = createServer((client) => {
        const upstream = createConnection({ host: targetHost, port: targetPort });
        track(client);
        track(upstream);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
      });
      const listening = server;
      return new Promise((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async close() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
  };
}
