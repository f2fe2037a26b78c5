/**
 * Settings as a port: electron-store in the shell, `conf` (same API, same file format) in plain
 * Node and tests. User-editable settings are validated here; connections and watched folders
 * are stored under their own keys by their modules.
 */
import Conf from 'conf';
import { z } from 'zod';

export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** `conf` with its file in `dir` (settings.json), keys without dot-notation. */
export function confStore(dir: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', projectName: 'ledgerdrop', accessPropertiesByDotNotation: false, configFileMode: 0o600 });
  return {
    get: (k) => conf.get(k),
    set: (k, v) => conf.set(k, v),
    delete: (k) => conf.delete(k),
  };
}

/** A store in memory (one process; for short-lived tools). */
export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore {
  const m = new Map(Object.entries(initial));
  return { get: (k) => m.get(k), set: (k, v) => void m.set(k, v), delete: (k) => void m.delete(k) };
}

export const UserSettings = z.object({
  /** Uploads at the same time. */
  concurrency: z.number().int().min(1).max(8).default(2),
  /** Attempts before a job is failed (5xx, resets, timeouts). */
  maxAttempts: z.number().int().min(1).max(50).default(8),
  /** Desktop notification when a file finishes. */
  notifyOnComplete: z.boolean().default(true),
  // Window preferences (added by the renderer's engineer; optional so existing stores read unchanged).
  /** 'system' follows the OS light/dark setting. */
  theme: z.enum(['system', 'light', 'dark']).optional(),
  /** Default conversion options offered for new uploads (reference 4.3). */
  conversionDefaults: z.object({
    accounttype: z.string().max(40),
    dateOrder: z.enum(['us', 'eu']),
    /** Dollars. */
    alloweddiff: z.number().min(0).max(1_000_000),
  }).strict().optional(),
  /**
   * Uploads ask the service to find untrue credits (loan/MCA proceeds, refunds, reversals, own
   * transfers) so true revenue leaves them out. Absent = true; false sends `finduntrue=false`.
   */
  finduntrue: z.boolean().optional(),
  /** Saved options of the watermarked-zip export dialog. */
  exportPresets: z.array(z.object({
    name: z.string().trim().min(1).max(100),
    options: z.object({
      filenamePattern: z.string().max(300),
      watermarkText: z.string().max(200),
      watermarkIdText: z.string().max(200),
      watermarkUrl: z.string().max(500),
      watermarkIsFlatten: z.boolean(),
    }).strict(),
  }).strict()).max(50).optional(),
}).strict();
export type UserSettings = z.infer<typeof UserSettings>;

const KEY = 'user';

export function readUserSettings(store: KeyValueStore): UserSettings {
  const parsed = UserSettings.safeParse(store.get(KEY) ?? {});
  return parsed.success ? parsed.data : UserSettings.parse({});
}

/** Merges a partial update; unknown keys or bad values are refused with a message naming them. */
export function writeUserSettings(store: KeyValueStore, patch: Record<string, unknown>): UserSettings {
  const merged = UserSettings.safeParse({ ...readUserSettings(store), ...patch });
  if (!merged.success) {
    throw new Error(`invalid settings: ${merged.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`).join('; ')}`);
  }
  store.set(KEY, merged.data);
  return merged.data;
}
