import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core, type CoreOptions } from '../../desktop/index.js';
import { createIpcHandlers } from '../../desktop/ipc-handlers.js';
import { startWebServer, type WebServer } from './web-server.js';

/**
 * `npm run web` without the command line: the same core as the desktop (embedded engine
 * included) and the same IPC handlers as the Electron preload, served to a browser over the
 * token-protected loopback WebSocket.
 */
export const DEFAULT_RENDERER_DIR = path.join(projectFolder(path.dirname(fileURLToPath(import.meta.url))), 'out/renderer');

/** The nearest folder above `from` with a package.json: the project, from src/shell/web or build/ alike. */
function projectFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export interface WebAppOptions {
  dataDir: string;
  port?: number;
  staticDir?: string;
  token?: string;
  /** Passed to createCore (engine launcher, backoff policies …). */
  core?: Omit<CoreOptions, 'dataDir'>;
}

export interface WebApp {
  core: Core;
  server: WebServer;
  url: string;
  close(): Promise<void>;
}

export async function startWebApp(opts: WebAppOptions): Promise<WebApp> {
  const core = await createCore({ ...opts.core, dataDir: opts.dataDir });
  let server: WebServer;
  try {
    server = await startWebServer({
      handlers: createIpcHandlers(core),
      subscribe: (channel, listener) => core.on(channel, listener as never),
      staticDir: opts.staticDir ?? DEFAULT_RENDERER_DIR,
      host: '127.0.0.1',
      port: opts.port ?? 0,
      token: opts.token,
      downloadsDir: path.join(core.dataDir, 'exports'),
    });
  } catch (err) {
    await core.close();
    throw err;
  }
  return {
    core,
    server,
    url: server.url,
    async close() {
      await server.close();
      await core.close();
    },
  };
}
