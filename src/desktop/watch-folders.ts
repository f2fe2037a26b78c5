/**
 * Watched folders (chokidar 4 with awaitWriteFinish, so half-written files are not taken).
 * Mode 'per-application': `FOLDER/<appnumber>/statement.pdf` goes to application <appnumber>
 * (files directly in FOLDER are ignored); mode 'application': every file goes to one chosen
 * application. Restarting rescans the folder; per-application deduplication makes that harmless.
 */
import { watch, type FSWatcher } from 'chokidar';
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { WatchFolderView } from '../contract/ipc.js';
import type { KeyValueStore } from './settings.js';

export interface WatchFolderConfig {
  id: string;
  path: string;
  mode: 'per-application' | 'application';
  appnumber: string | null;
}

const KEY = 'watchFolders';
const PARTIAL = /\.(part|crdownload|download|tmp|partial)$/i;

/** Which application a file seen in a watched folder belongs to, or null to ignore it. */
export function appnumberForWatchedFile(folder: WatchFolderConfig, file: string): string | null {
  const rel = path.relative(folder.path, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  const base = parts[parts.length - 1]!;
  if (base.startsWith('.') || PARTIAL.test(base)) return null;
  if (folder.mode === 'application') return folder.appnumber;
  if (parts.length !== 2) return null;
  const app = parts[0]!.trim();
  return app && !app.startsWith('.') ? app : null;
}

export interface WatchFoldersOptions {
  store: KeyValueStore;
  /** Queue a file for an application. */
  onFile: (appnumber: string, file: string) => Promise<void>;
  onChange: (view: WatchFolderView) => void;
  stabilityMs?: number;
  pollIntervalMs?: number;
}

export class WatchFolders {
  private watchers = new Map<string, { watcher: FSWatcher; error: string | null; ready: Promise<void> }>();
  constructor(private o: WatchFoldersOptions) {}

  configs(): WatchFolderConfig[] {
    const v = this.o.store.get(KEY);
    return Array.isArray(v) ? (v as WatchFolderConfig[]) : [];
  }

  views(): WatchFolderView[] {
    return this.configs().map((c) => this.view(c));
  }

  private view(c: WatchFolderConfig): WatchFolderView {
    const w = this.watchers.get(c.id);
    return { ...c, active: !!w && !w.error, error: w?.error ?? null };
  }

  async add(req: { path: string; mode: WatchFolderConfig['mode']; appnumber?: string }): Promise<WatchFolderView> {
    const dir = path.resolve(req.path);
    const st = await stat(dir).catch(() => null);
    if (!st?.isDirectory()) throw new Error(`not a folder: ${req.path}`);
    if (req.mode === 'application' && !req.appnumber) throw new Error('appnumber is required when mode is "application"');
    const list = this.configs();
    if (list.some((c) => c.path === dir)) throw new Error(`already watching ${dir}`);
    const conf: WatchFolderConfig = { id: randomUUID().slice(0, 8), path: dir, mode: req.mode, appnumber: req.mode === 'application' ? req.appnumber! : null };
    this.o.store.set(KEY, [...list, conf]);
    await this.startOne(conf);
    return this.view(conf);
  }

  async remove(id: string): Promise<boolean> {
    const list = this.configs();
    if (!list.some((c) => c.id === id)) return false;
    this.o.store.set(KEY, list.filter((c) => c.id !== id));
    const w = this.watchers.get(id);
    this.watchers.delete(id);
    await w?.watcher.close();
    return true;
  }

  async startAll(): Promise<void> {
    await Promise.all(this.configs().map((c) => this.startOne(c)));
  }

  private async startOne(conf: WatchFolderConfig): Promise<void> {
    const watcher = watch(conf.path, {
      ignoreInitial: false,
      depth: conf.mode === 'per-application' ? 1 : 0,
      awaitWriteFinish: { stabilityThreshold: this.o.stabilityMs ?? 1000, pollInterval: this.o.pollIntervalMs ?? 100 },
      ignored: (p: string) => path.basename(p).startsWith('.') && p !== conf.path,
    });
    const entry = { watcher, error: null as string | null, ready: new Promise<void>((r) => watcher.once('ready', () => r())) };
    this.watchers.set(conf.id, entry);
    watcher.on('add', (file: string | Error) => {
      if (typeof file !== 'string') return;
      const app = appnumberForWatchedFile(conf, file);
      if (!app) return;
      this.o.onFile(app, file).catch((err) => {
        entry.error = `${path.basename(file)}: ${(err as Error).message}`;
        this.o.onChange(this.view(conf));
      });
    });
    watcher.on('error', (err: unknown) => {
      entry.error = err instanceof Error ? err.message : String(err);
      this.o.onChange(this.view(conf));
    });
    await entry.ready;
    this.o.onChange(this.view(conf));
  }

  async close(): Promise<void> {
    const all = [...this.watchers.values()];
    this.watchers.clear();
    await Promise.all(all.map((w) => w.watcher.close()));
  }
}
