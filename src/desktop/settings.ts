/**
 * Settings as a port: electron-store in the shell, `conf` (same API, same file format) in plain
 * Node and tests. User-editable settings are validated here; connections and watched folders
 * are stored under their own keys by their modules.
 */
import Conf from 'conf';
import { UserSettings } from '../contract/settings.js';

export { UserSettings };

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
