/**
 * Credentials behind a port. The store keeps secrets in one file of the data folder, each
 * encrypted by a `SecretCipher`: Electron safeStorage in the shell (async API; on Linux's
 * `basic_text` backend it is NOT protected by a keychain and `protection` says so), or the
 * plain cipher (CLI and tests: the file is readable by the user only, mode 0600).
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SecretProtection } from '../contract/ipc.js';

export interface SecretCipher {
  readonly protection: SecretProtection;
  encrypt(plain: string): Promise<Buffer>;
  decrypt(data: Buffer): Promise<string>;
}

export interface SecretStore {
  readonly protection: SecretProtection;
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

export const plainCipher: SecretCipher = {
  protection: 'plain',
  encrypt: async (s) => Buffer.from(s, 'utf8'),
  decrypt: async (b) => b.toString('utf8'),
};

export class FileSecretStore implements SecretStore {
  constructor(private file: string, private cipher: SecretCipher = plainCipher) {}

  get protection(): SecretProtection { return this.cipher.protection; }

  private read(): Record<string, string> {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as { v: number; secrets: Record<string, string> };
      return data.secrets ?? {};
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new Error(`secret store ${this.file} is unreadable: ${(err as Error).message}`);
    }
  }

  private write(secrets: Record<string, string>): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ v: 1, protection: this.cipher.protection, secrets }), { mode: 0o600 });
    // A temp file left by a crash keeps its old mode through writeFileSync: set it again.
    if (process.platform !== 'win32') chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }

  async get(name: string): Promise<string | null> {
    const enc = this.read()[name];
    return enc == null ? null : this.cipher.decrypt(Buffer.from(enc, 'base64'));
  }

  async set(name: string, value: string): Promise<void> {
    const enc = (await this.cipher.encrypt(value)).toString('base64');
    this.write({ ...this.read(), [name]: enc });
  }

  async delete(name: string): Promise<void> {
    const all = this.read();
    delete all[name];
    this.write(all);
  }
}

/** Only the shape of Electron's safeStorage that we use (so the core needs no electron import). */
export interface SafeStorageLike {
  encryptStringAsync(plain: string): Promise<Buffer>;
  decryptStringAsync(data: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?(): string;
}

/** What the user is told about a safeStorage backend. */
export function protectionOf(platform: NodeJS.Platform, backend: string | undefined): SecretProtection {
  if (platform === 'linux' && (backend === 'basic_text' || backend === 'unknown' || !backend)) return 'basic_text';
  return 'keychain';
}

export function safeStorageCipher(safe: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    protection: protectionOf(platform, platform === 'linux' ? safe.getSelectedStorageBackend?.() : 'os'),
    encrypt: (s) => safe.encryptStringAsync(s),
    decrypt: async (b) => (await safe.decryptStringAsync(b)).result,
  };
}

/** Secrets for this process only (the CLI gets its password on the command line each run). */
export class MemorySecretStore implements SecretStore {
  readonly protection: SecretProtection = 'plain';
  private m = new Map<string, string>();
  async get(name: string) { return this.m.get(name) ?? null; }
  async set(name: string, value: string) { this.m.set(name, value); }
  async delete(name: string) { this.m.delete(name); }
}
