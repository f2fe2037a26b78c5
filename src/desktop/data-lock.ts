/**
 * One core per data folder: a lock file holding the owner's pid. A lock left by a process that
 * is gone (crash, SIGKILL) is taken over; a live owner is refused with a message naming it, so
 * the desktop app and `ledgerdrop intake` never run one queue twice.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataFolderBusyError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, 'core.lock');
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try { if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true }); } catch { /* already gone */ }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = NaN;
      try { owner = Number(readFileSync(file, 'utf8').trim()); } catch { /* vanished meanwhile */ }
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new DataFolderBusyError(`the data folder ${dataDir} is in use by another Ledgerdrop process (pid ${owner}); stop it or use another --data folder`);
      }
      if (owner === process.pid) throw new DataFolderBusyError(`the data folder ${dataDir} is already open in this process`);
      rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataFolderBusyError(`could not lock the data folder ${dataDir}`);
}
