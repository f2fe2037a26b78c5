import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, UsageError } from './args.js';
import { DEFAULT_RENDERER_DIR, startWebApp } from '../shell/web/web-app.js';
import { homeDataFolder, startDataFolder } from '../desktop/data-folder.js';
import { confStore } from '../desktop/settings.js';
import { onStopRequest } from './stop-request.js';

/**
 * `npm run web [-- --port P --data DIR --no-open]`: the desktop app in a browser. Starts the core
 * with the embedded engine, serves the built renderer on 127.0.0.1 and prints the address with
 * its session token; nothing is served without the token.
 */
const USAGE = 'usage: npm run web [-- --port P] [--data DIR] [--no-open]';

function openInBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => console.log('(could not open a browser: open the address above yourself)'));
    child.unref();
  } catch {
    console.log('(could not open a browser: open the address above yourself)');
  }
}

async function main(argv: string[]): Promise<number> {
  let flags: Record<string, string | boolean | undefined>;
  try {
    ({ flags } = parseArgs(argv, { strings: ['port', 'data'], booleans: ['no-open', 'help'] }));
  } catch (err) {
    if (err instanceof UsageError) { console.error(`${err.message}\n${USAGE}`); return 2; }
    throw err;
  }
  if (flags.help) { console.log(USAGE); return 0; }
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error(`--port must be a port number (0-65535), got ${String(flags.port)}`); return 2; }
  // --data / LEDGERDROP_DATA_DIR win; otherwise the folder chosen in Settings (kept in the default
  // folder's settings), else ~/.ledgerdrop, the default of every entry point (README, "Data folder").
  const defaultDir = homeDataFolder();
  const locationStore = confStore(defaultDir);
  const explicit = flags.data !== undefined ? String(flags.data) : process.env.LEDGERDROP_DATA_DIR;
  const dataDir = startDataFolder(explicit, locationStore, defaultDir);
  const staticDir = path.resolve(process.env.LEDGERDROP_RENDERER_DIR ?? DEFAULT_RENDERER_DIR);
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    console.error(`the renderer is not built (${staticDir}/index.html missing): run \`npm run build:renderer\` or use \`npm run web\``);
    return 1;
  }
  const app = await startWebApp({ dataDir, port, staticDir, core: { locationStore } });
  console.log(`Ledgerdrop (data in ${dataDir})`);
  console.log(app.url);
  if (!flags['no-open']) openInBrowser(app.url);
  // Stops the server, the core and the engine's process (with its worker threads), then exits.
  onStopRequest((reason) => {
    console.log(`stopping (${reason})`);
    // Bounded: a close that hangs (an engine that never answers) must not keep the server up;
    // the engine's process stops when this one's channel to it closes.
    const giveUp = setTimeout(() => {
      console.error(`npm run web: stopping took more than ${STOP_LIMIT_MS / 1000} s; exiting without waiting further`);
      process.exit(1);
    }, STOP_LIMIT_MS);
    giveUp.unref();
    app.close().then(() => process.exit(0), (err) => {
      console.error(`npm run web: stopping failed: ${(err as Error).message}`);
      process.exit(1);
    });
  });
  return -1;
}

/** How long stopping may take before the process exits without waiting further. */
const STOP_LIMIT_MS = 20_000;

main(process.argv.slice(2)).then((code) => { if (code >= 0) process.exit(code); }, (err) => {
  console.error(`npm run web: ${(err as Error).message}`);
  process.exit(1);
});
