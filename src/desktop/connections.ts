/**
 * Saved connections: the embedded local engine (id `local`, always present, the default unless
 * the user picks another) and remote services (URL, username, product; password in the
 * SecretStore). Each application is bound to one connection.
 */
import { randomUUID } from 'node:crypto';
import type { ConnectionView, Product } from '../contract/ipc.js';
import type { ServiceCredentials } from './api-client.js';
import { NetworkError } from './api-client.js';
import type { SecretStore } from './secrets.js';
import type { KeyValueStore } from './settings.js';

export const LOCAL_ID = 'local';

export interface StoredConnection {
  id: string;
  name: string;
  kind: 'embedded' | 'remote';
  url: string;
  username: string;
  product: Product;
}

export interface SaveConnection {
  id?: string;
  name: string;
  url: string;
  username: string;
  product: Product;
  password?: string;
  makeDefault?: boolean;
}

/** What the embedded engine reports once it listens. */
export interface EmbeddedEndpoint {
  url: string;
  username: string;
  password: string;
  product: Product;
}

const KEY_CONNECTIONS = 'connections';
const KEY_DEFAULT = 'defaultConnection';
const secretName = (id: string) => `connection:${id}:password`;

export class Connections {
  constructor(
    private store: KeyValueStore,
    private secrets: SecretStore,
    /** The embedded engine's endpoint, or null while it is not running. Absent: no embedded engine. */
    private embedded: (() => EmbeddedEndpoint | null) | null,
  ) {}

  private remotes(): StoredConnection[] {
    const v = this.store.get(KEY_CONNECTIONS);
    return Array.isArray(v) ? (v as StoredConnection[]) : [];
  }

  private local(): StoredConnection {
    const ep = this.embedded?.() ?? null;
    return { id: LOCAL_ID, name: 'Local engine', kind: 'embedded', url: ep?.url ?? '', username: ep?.username ?? 'local', product: ep?.product ?? 'pdfinsightstp' };
  }

  all(): StoredConnection[] {
    return [...(this.embedded ? [this.local()] : []), ...this.remotes()];
  }

  get(id: string): StoredConnection {
    const c = this.all().find((x) => x.id === id);
    if (!c) throw new Error(`no connection "${id}"`);
    return c;
  }

  has(id: string): boolean { return this.all().some((x) => x.id === id); }

  defaultId(): string {
    const d = this.store.get(KEY_DEFAULT);
    if (typeof d === 'string' && this.has(d)) return d;
    return this.all()[0]?.id ?? LOCAL_ID;
  }

  setDefault(id: string): void {
    this.get(id);
    this.store.set(KEY_DEFAULT, id);
  }

  async views(): Promise<ConnectionView[]> {
    const def = this.defaultId();
    const out: ConnectionView[] = [];
    for (const c of this.all()) {
      const hasPassword = c.kind === 'embedded' ? true : (await this.secrets.get(secretName(c.id))) != null;
      out.push({ ...c, hasPassword, isDefault: c.id === def });
    }
    return out;
  }

  async save(req: SaveConnection): Promise<StoredConnection> {
    if (req.id === LOCAL_ID) throw new Error('the local engine connection cannot be edited');
    const list = this.remotes();
    const id = req.id ?? `remote-${randomUUID().slice(0, 8)}`;
    const existing = list.find((c) => c.id === id);
    if (!existing && !req.password) throw new Error('a password is required for a new connection');
    const conn: StoredConnection = { id, name: req.name, kind: 'remote', url: req.url.replace(/\/+$/, ''), username: req.username, product: req.product };
    if (req.password) await this.secrets.set(secretName(id), req.password);
    this.store.set(KEY_CONNECTIONS, existing ? list.map((c) => (c.id === id ? conn : c)) : [...list, conn]);
    if (req.makeDefault) this.setDefault(id);
    return conn;
  }

  async remove(id: string): Promise<boolean> {
    if (id === LOCAL_ID) throw new Error('the local engine connection cannot be removed');
    const list = this.remotes();
    if (!list.some((c) => c.id === id)) return false;
    this.store.set(KEY_CONNECTIONS, list.filter((c) => c.id !== id));
    await this.secrets.delete(secretName(id));
    if (this.store.get(KEY_DEFAULT) === id) this.store.delete(KEY_DEFAULT);
    return true;
  }

  /** Credentials for a request. The embedded engine not running counts as unreachable (offline). */
  async credentials(id: string): Promise<ServiceCredentials> {
    const c = this.get(id);
    if (c.kind === 'embedded') {
      const ep = this.embedded?.();
      if (!ep) throw new NetworkError('the local engine is not running', 'NO_SERVICE', true);
      return ep;
    }
    const password = await this.secrets.get(secretName(id));
    if (password == null) throw new Error(`no password stored for connection "${c.name}"`);
    return { url: c.url, username: c.username, password, product: c.product };
  }
}
