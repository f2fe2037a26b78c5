/**
 * Where the data folder lives. The user may choose another location in Settings; the choice is
 * kept in a settings store that does not move with the data (electron-store in the app's user
 * folder; in `npm run web`, the default folder's settings) and is used from the next start on.
 * Nothing is moved or deleted: the current folder stays as it is, and the new one starts empty
 * unless it already is a Ledgerdrop data folder.
 */
import { constants } from 'node:fs';
import { access, chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { KeyValueStore } from './settings.js';

export const DATA_FOLDER_KEY = 'dataFolderNext';

/**
 * The one default data folder of every entry point (desktop app, `npm run web`, `ledgerdrop
 * serve`, `accounts`, `intake` in its intake/ subfolder): LEDGERDROP_DATA_DIR when set, else
 * ~/.ledgerdrop. The desktop core keeps core.sqlite there, the service ledgerdrop.sqlite;
 * their other files do not collide either.
 */
export function defaultDataFolder(): string {
  return path.resolve(process.env.LEDGERDROP_DATA_DIR || homeDataFolder());
}

/** ~/.ledgerdrop: the default when LEDGERDROP_DATA_DIR is not set. */
export function homeDataFolder(): string {
  return path.join(os.homedir(), '.ledgerdrop');
}

/** Files that make a folder a Ledgerdrop data folder. */
const MARKERS = ['core.sqlite'];
/** Entries a folder may hold and still count as empty (OS litter). */
const IGNORABLE = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini', 'lost+found']);

export function chosenDataFolder(store: KeyValueStore): string | null {
  const v = store.get(DATA_FOLDER_KEY);
  return typeof v === 'string' && path.isAbsolute(v) ? v : null;
}

/** The folder to open at start: an explicit one (flag, environment) wins, then the user's choice, then the default. */
export function startDataFolder(explicit: string | undefined, store: KeyValueStore, fallback: string): string {
  return path.resolve(explicit ?? chosenDataFolder(store) ?? fallback);
}

async function writable(dir: string): Promise<boolean> {
  try { await access(dir, constants.W_OK | constants.X_OK); return true; } catch { return false; }
}

/**
 * Checks a location the user typed or picked: an absolute path to a writable folder that is
 * empty or already a Ledgerdrop data folder, or a folder that does not exist yet inside a
 * writable one (created at the next start). Throws an Error naming the problem.
 */
export async function checkDataFolder(input: string): Promise<{ path: string; state: 'empty' | 'ledgerdrop' | 'new' }> {
  const raw = input.trim();
  if (!raw) throw new Error('enter the folder’s full path');
  if (!path.isAbsolute(raw)) throw new Error(`"${raw}" is not an absolute path: give the full path (for example /home/me/Ledgerdrop)`);
  const dir = path.resolve(raw);
  const st = await stat(dir).catch(() => null);
  if (!st) {
    const parent = path.dirname(dir);
    const pst = await stat(parent).catch(() => null);
    if (!pst?.isDirectory()) throw new Error(`${parent} does not exist: create it first or choose another location`);
    if (!(await writable(parent))) throw new Error(`${parent} is not writable, so ${path.basename(dir)} cannot be created there`);
    return { path: dir, state: 'new' };
  }
  if (!st.isDirectory()) throw new Error(`${dir} is a file, not a folder`);
  if (!(await writable(dir))) throw new Error(`${dir} is not writable`);
  const entries = (await readdir(dir)).filter((e) => !IGNORABLE.has(e));
  if (entries.some((e) => MARKERS.includes(e))) return { path: dir, state: 'ledgerdrop' };
  if (entries.length) throw new Error(`${dir} is not empty and is not a Ledgerdrop data folder: choose an empty folder (nothing in it would be touched, but mixing files is asking for trouble)`);
  return { path: dir, state: 'empty' };
}

export interface DataFolderChoice {
  /** The folder the next start opens (null: the current one stays). */
  next: string | null;
  message: string;
}

/** Validates and saves the location for the next start; choosing the current folder cancels a pending change. */
export async function chooseDataFolder(store: KeyValueStore, input: string, current: string): Promise<DataFolderChoice> {
  const checked = await checkDataFolder(input);
  if (checked.path === path.resolve(current)) {
    store.delete(DATA_FOLDER_KEY);
    return { next: null, message: `Ledgerdrop keeps using ${current}.` };
  }
  store.set(DATA_FOLDER_KEY, checked.path);
  const what = checked.state === 'ledgerdrop'
    ? 'It already holds Ledgerdrop data: the applications stored there will be shown.'
    : `It ${checked.state === 'new' ? 'will be created and ' : ''}starts empty: the applications, files and results stored in ${current} are not moved or copied (copy that folder’s contents yourself while Ledgerdrop is closed if you want them there).`;
  return { next: checked.path, message: `Saved: ${checked.path} becomes the data folder when Ledgerdrop next starts (restart to switch). ${what} Nothing in ${current} is deleted.` };
}

/** Entries visited when tightening an existing data folder (a bound, not a real folder's size). */
const MAX_TIGHTEN_ENTRIES = 200_000;

/**
 * The data folder holds statements, the databases and secrets: it is made 0700 and everything
 * in it 0600 (folders 0700), also when it already existed more open (older versions, a copy).
 * Symbolic links are left alone. No-op on Windows, where the profile folder's ACL protects it.
 * New files stay private because the app sets its umask to 077 before anything is written.
 */
export async function makeDataFolderPrivate(dir: string, platform: NodeJS.Platform = process.platform): Promise<{ tightened: number }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (platform === 'win32') return { tightened: 0 };
  let tightened = 0, seen = 0;
  const visit = async (p: string, isDir: boolean): Promise<void> => {
    if (++seen > MAX_TIGHTEN_ENTRIES) return;
    const st = await lstat(p).catch(() => null);
    if (!st || st.isSymbolicLink()) return;
    const want = isDir ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== want) { await chmod(p, want); tightened++; }
    if (!isDir) return;
    for (const e of await readdir(p, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory() || e.isFile()) await visit(path.join(p, e.name), e.isDirectory());
    }
  };
  await visit(dir, true);
  return { tightened };
}
