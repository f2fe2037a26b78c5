/**
 * Files into an application's queue: paths (drag-and-drop, the picker, watched folders; a `.zip`
 * is expanded safely) and bytes (the browser bridge). Every file is staged by content first;
 * a file that cannot be added is named in the error, so a drop never loses one silently.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { JobView } from '../contract/ipc.js';
import { toJobView, type JobQueue } from './store/job-queue.js';
import { cleanFileName, stageBytes, stagePath, StagingError, type StagedFile } from './staging.js';
import { expandZip, type ZipLimits } from './zip-intake.js';

/** Files staged at once from one drop. */
const STAGING_WORKERS = 8;

export interface IntakeOptions {
  inbox: string;
  queue: JobQueue;
  zipLimits?: ZipLimits;
  /** The application's connection, creating the application when it is new. */
  connectionOf: (appnumber: string) => string;
  /** A new job was created. */
  onCreated: (view: JobView) => void;
  /** Files were queued: start what can start. */
  pump: () => void;
}

export class Intake {
  constructor(private o: IntakeOptions) {}

  private enqueue(appnumber: string, name: string, f: StagedFile): JobView {
    const { row, created } = this.o.queue.enqueue({
      appnumber, connectionId: this.o.connectionOf(appnumber), fileName: cleanFileName(name), sha256: f.sha256, size: f.size, blobPath: f.blobPath,
    });
    if (created) this.o.onCreated(toJobView(row));
    return toJobView(row, !created);
  }

  async addPaths(appnumber: string, paths: string[]): Promise<JobView[]> {
    this.o.connectionOf(appnumber);
    const out: JobView[] = [];
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        const p = paths[next++]!;
        try {
          if (p.toLowerCase().endsWith('.zip')) {
            const { staged, skipped } = await expandZip(p, this.o.inbox, this.o.zipLimits);
            for (const s of staged) out.push(this.enqueue(appnumber, s.name, s));
            for (const s of skipped) problems.push(`${path.basename(p)}:${s.name}: ${s.reason}`);
          } else {
            out.push(this.enqueue(appnumber, path.basename(p), await stagePath(p, this.o.inbox)));
          }
        } catch (err) {
          problems.push(err instanceof StagingError ? err.message : `${path.basename(p)}: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(STAGING_WORKERS, paths.length) }, worker));
    this.o.pump();
    // The rest are queued and announced by jobs:changed; the ones that could not be added are named.
    if (problems.length) throw new Error(`${out.length ? `queued ${out.length} file(s); ` : ''}could not add: ${problems.join('; ')}`);
    return out.sort((a, b) => a.id - b.id);
  }

  async addBytes(appnumber: string, files: { name: string; bytes: Buffer }[]): Promise<JobView[]> {
    this.o.connectionOf(appnumber);
    const out: JobView[] = [];
    for (const f of files) out.push(this.enqueue(appnumber, f.name, await stageBytes(f.bytes, this.o.inbox)));
    this.o.pump();
    return out;
  }
}

/**
 * What the engine needs to tell a staged file's format: the first 4 KB, or the whole file when
 * it opens like JSON (its kind is in its structure). Staged files are already within the upload
 * size limit.
 */
export async function readHead(file: string): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (!/^\s*[{[]/.test(head.toString('utf8'))) return head;
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

/** Reads a file the user dropped in the browser bridge (base64) into bytes, with a clear error. */
export function decodeBase64File(name: string, base64: string): Buffer {
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(base64)) throw new Error(`${name}: not valid base64`);
  return Buffer.from(base64, 'base64');
}
