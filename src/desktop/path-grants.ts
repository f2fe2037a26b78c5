/**
 * Files the window may ask the core to read by path (`files:addPaths`): only files the user
 * chose. A dialog pick is granted by the shell when the dialog returns; a file inside a watched
 * folder is allowed (the user chose the folder); anything else is refused, so a page that went
 * wrong cannot make the app upload ~/.ssh/id_rsa. Dropped files reach the core as bytes
 * (`files:addBytes`) and need no grant.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Granted paths kept (oldest forgotten first): far more than one person picks in a session. */
const MAX_GRANTS = 10_000;

function canonical(p: string): string {
  const abs = path.resolve(p);
  try { return realpathSync(abs); } catch { return abs; }
}

export class PathGrants {
  private readonly granted = new Set<string>();

  /** Paths the user chose in an open dialog (or dropped, where the shell can see the path). */
  grant(paths: readonly string[]): void {
    for (const p of paths) {
      const c = canonical(p);
      this.granted.delete(c);
      this.granted.add(c);
      if (this.granted.size > MAX_GRANTS) this.granted.delete(this.granted.values().next().value!);
    }
  }

  /** The first path that is neither granted nor inside one of `folders`, or null when all are allowed. */
  refused(paths: readonly string[], folders: readonly string[]): string | null {
    const roots = folders.map((f) => canonical(f));
    for (const p of paths) {
      if (!path.isAbsolute(p)) return p;
      const c = canonical(p);
      if (this.granted.has(c)) continue;
      if (roots.some((r) => c.startsWith(r.endsWith(path.sep) ? r : r + path.sep))) continue;
      return p;
    }
    return null;
  }
}
