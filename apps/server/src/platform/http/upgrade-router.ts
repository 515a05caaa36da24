import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A WebSocket endpoint outside socket.io (the live ingest): gets the upgrade request when its
 * path matches, with the path's captures. It answers the upgrade itself (accepts it, or writes
 * an HTTP refusal and destroys the socket).
 */
export interface UpgradeRoute {
  pattern: RegExp;
  handle(request: IncomingMessage, socket: Duplex, head: Buffer, match: RegExpExecArray): void;
}

/** socket.io's engine answers these upgrades itself. */
const SOCKET_IO_PATH = /^\/socket\.io\//;

/** Answers an upgrade with an HTTP status instead (before any WebSocket exists). */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/**
 * Routes the HTTP server's `upgrade` events to the features' WebSocket endpoints; socket.io's
 * path is left to its engine (attached with `destroyUpgrade: false`, so it no longer closes
 * upgrades it does not own after a second), and any other upgrade is refused with 404.
 */
export class UpgradeRouter {
  private readonly routes: UpgradeRoute[] = [];

  add(route: UpgradeRoute): void {
    this.routes.push(route);
  }

  attach(server: HttpServer): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = (request.url ?? '/').split('?')[0]!;
      if (SOCKET_IO_PATH.test(pathname)) return;
      for (const route of this.routes) {
        const match = route.pattern.exec(pathname);
        if (match) {
          route.handle(request, socket, head, match);
          return;
        }
      }
      refuseUpgrade(socket, 404, 'Not Found');
    });
  }
}
