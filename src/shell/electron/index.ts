/**
 * The Electron shell, kept thin: one sandboxed, context-isolated window loading the built
 * renderer from `app://ledgerdrop/` with a strict CSP; navigation, new windows, webviews and
 * permission requests denied; a native menu; completion notifications; the embedded engine in a
 * utilityProcess under the core's supervisor; secrets through safeStorage (async API); settings
 * in electron-store. Everything with logic lives in ./core (plain Node, tested).
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, safeStorage, session, shell, utilityProcess, type MenuItemConstructorOptions } from 'electron';
import Store from 'electron-store';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core } from '../../desktop/index.js';
import { homeDataFolder, makeDataFolderPrivate, startDataFolder } from '../../desktop/data-folder.js';
import { APP_CSP, contentTypeFor, resolveAppFile } from '../../desktop/app-protocol.js';
import type { EngineLauncher } from '../../desktop/engine-supervisor.js';
import { FileSecretStore, safeStorageCipher } from '../../desktop/secrets.js';
import { batchFinishedText } from '../../contract/batch-text.js';
import { readUserSettings, type KeyValueStore } from '../../desktop/settings.js';
import { createIpcHandlers } from '../../desktop/ipc-handlers.js';
import { PathGrants } from '../../desktop/path-grants.js';
import { isAllowedExternalUrl } from './ipc/external-links.js';
import { forwardEvents, registerIpc } from './ipc/register-electron.js';
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './ipc/sender.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** electron-vite layout: out/main/index.js, out/main/engine.js, out/preload/index.cjs, out/renderer/. */
const RENDERER_DIR = path.join(here, '../renderer');
const PRELOAD = path.join(here, '../preload/index.cjs');
const ENGINE_ENTRY = path.join(here, 'engine.js');
/** better-sqlite3 built for Electron by `npm start` (bin/electron-native.mjs); packaged builds rebuild node_modules instead. */
const SQLITE_FOR_ELECTRON = path.join(here, '../native/better_sqlite3.node');
// A packaged app loads only the native modules it ships: an override from the environment
// (which would load any .node file into the app and its engine) is dropped before anything reads it.
if (app.isPackaged) delete process.env.LEDGERDROP_SQLITE_BINDING;
else if (existsSync(SQLITE_FOR_ELECTRON)) process.env.LEDGERDROP_SQLITE_BINDING = SQLITE_FOR_ELECTRON;

// Everything the app and its engine create (databases, stored statements, secrets) is private
// to the user: 0600 files, 0700 folders (the engine process inherits the mask).
process.umask(0o077);

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const primaryInstance = app.requestSingleInstanceLock();

let core: Core | null = null;
/** Files the user picked in dialogs: the only paths files:addPaths accepts besides watched folders. */
const grants = new PathGrants();
let mainWindow: BrowserWindow | null = null;
const windows = () => (mainWindow && !mainWindow.isDestroyed() ? [mainWindow] : []);

/** The embedded engine in an Electron utilityProcess (same messages as the Node child process). */
const utilityLauncher: EngineLauncher = (env) => {
  const child = utilityProcess.fork(ENGINE_ENTRY, [], { env: { ...process.env, ...env }, serviceName: 'Ledgerdrop engine', stdio: 'inherit' });
  return {
    get pid() { return child.pid; },
    onMessage: (cb) => void child.on('message', cb),
    onExit: (cb) => void child.on('exit', (code) => cb(code)),
    kill: () => void child.kill(),
  };
};

function electronStore(): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name: 'settings', accessPropertiesByDotNotation: false });
  return { get: (k) => store.get(k), set: (k, v) => store.set(k, v), delete: (k) => store.delete(k) };
}

function serveApp(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(RENDERER_DIR, request.url, APP_HOST);
    if (!file) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { 'content-type': contentTypeFor(file), 'content-security-policy': APP_CSP, 'x-content-type-options': 'nosniff' } });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}

function lockDown(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => { if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault(); });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isAllowedExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    show: false,
    title: 'Ledgerdrop',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => { if (mainWindow === win) mainWindow = null; });
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}

function buildMenu(c: Core): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Data Folder', click: () => void shell.openPath(c.dataDir) },
        { type: 'separator' },
        process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { label: 'View', submenu: [{ role: 'reload' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }] },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}

async function start(): Promise<void> {
  await app.whenReady();
  serveApp();
  lockDown();
  const settings = electronStore();
  // The environment wins, then the folder chosen in Settings (kept in electron-store, which stays in userData), then
  // ~/.ledgerdrop, the default of every entry point (README, "Data folder").
  const dataDir = startDataFolder(process.env.LEDGERDROP_DATA_DIR, settings, homeDataFolder());
  // Statements, databases and secrets: readable by this user only (folder 0700, files 0600).
  await makeDataFolderPrivate(dataDir);
  // safeStorage's async API; on Linux without a keyring it falls back to basic_text, which
  // core:info reports so the window warns that secrets are not keychain-protected.
  await safeStorage.isAsyncEncryptionAvailable();
  const secrets = new FileSecretStore(path.join(dataDir, 'secrets.json'), safeStorageCipher(safeStorage));
  core = await createCore({
    dataDir,
    settings,
    secrets,
    engine: { launcher: utilityLauncher },
    version: app.getVersion(),
    pickFiles: async () => {
      const opts = { properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[], filters: [{ name: 'Statements', extensions: ['pdf', 'png', 'jpg', 'jpeg', 'tif', 'tiff', 'webp', 'gif', 'avif', 'json', 'ofx', 'qfx', 'csv', 'zip'] }, { name: 'All files', extensions: ['*'] }] };
      const r = mainWindow ? await dialog.showOpenDialog(mainWindow, opts) : await dialog.showOpenDialog(opts);
      if (!r.canceled) grants.grant(r.filePaths);
      return r.canceled ? [] : r.filePaths;
    },
    revealPath: (file) => shell.showItemInFolder(file),
    openPath: async (file) => { const err = await shell.openPath(file); if (err) throw new Error(err); },
    pickFolder: async () => {
      const opts = { title: 'Data folder', properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[] };
      const r = mainWindow ? await dialog.showOpenDialog(mainWindow, opts) : await dialog.showOpenDialog(opts);
      return r.canceled || !r.filePaths[0] ? null : r.filePaths[0];
    },
    locationStore: settings,
  });
  const c = core;
  registerIpc(ipcMain, createIpcHandlers(c, grants), windows);
  forwardEvents(c, windows);
  // One notification per finished batch (not per file: a 1,000-file drop would bury the desktop).
  c.on('batch:finished', (b) => {
    if (!readUserSettings(settings).notifyOnComplete || !Notification.isSupported()) return;
    new Notification({ title: b.failed ? 'Batch finished with failures' : 'Batch finished', body: batchFinishedText(b), silent: !b.failed }).show();
  });
  Menu.setApplicationMenu(buildMenu(c));
  mainWindow = createWindow();
  app.on('activate', () => { if (!mainWindow) mainWindow = createWindow(); });
  app.on('second-instance', () => { if (mainWindow) { if (mainWindow.isMinimized()) mainWindow.restore(); mainWindow.focus(); } });
}

app.on('window-all-closed', () => { if (process.platform !== 'darwin') app.quit(); });
let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !core) return;
  event.preventDefault();
  quitting = true;
  void core.close().finally(() => app.quit());
});

if (!primaryInstance) {
  // Another window is already running on this data folder: it gets focus (second-instance).
  app.quit();
} else {
  start().catch((err) => {
    dialog.showErrorBox('Ledgerdrop could not start', (err as Error).stack ?? String(err));
    app.exit(1);
  });
}
