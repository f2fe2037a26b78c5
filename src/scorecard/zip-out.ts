import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * A minimal ZIP writer for the xlsx writer: entries written one after another, each deflated
 * as it is written (zlib's stream runs off the main thread) with its CRC-32 computed by zlib's
 * native crc32 — yazl's JavaScript CRC took a quarter of a large workbook's CPU. Sizes follow
 * in a data descriptor, so an entry never has to be held whole in memory. No ZIP64: an entry or
 * the archive beyond 4 GiB is refused with an error. The bytes are kept in memory (the
 * workbook is returned as one buffer).
 */
interface Entry { name: Buffer; crc: number; csize: number; usize: number; offset: number }

const FLAGS = 0x0008 | 0x0800; // sizes in a data descriptor; UTF-8 names
const LIMIT = 0xffff_ffff;

export class ZipOut {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly entries: Entry[] = [];
  private readonly time: number;
  private readonly date: number;
  private open = false;

  constructor(private readonly level: number, mtime: Date) {
    // DOS date and time (local fields; written as UTC).
    this.time = (mtime.getUTCHours() << 11) | (mtime.getUTCMinutes() << 5) | (mtime.getUTCSeconds() >> 1);
    this.date = (Math.max(0, mtime.getUTCFullYear() - 1980) << 9) | ((mtime.getUTCMonth() + 1) << 5) | mtime.getUTCDate();
  }

  private push(b: Buffer): void {
    this.chunks.push(b);
    this.size += b.length;
  }

  private header(name: Buffer): void {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(FLAGS, 6);
    h.writeUInt16LE(8, 8);
    h.writeUInt16LE(this.time, 10);
    h.writeUInt16LE(this.date, 12);
    h.writeUInt16LE(name.length, 26);
    this.push(h);
    this.push(name);
  }

  private close(e: Entry): void {
    if (e.usize > LIMIT || e.csize > LIMIT || e.offset > LIMIT) throw new Error(`zip entry ${e.name.toString()} is larger than 4 GiB`);
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc >>> 0, 4);
    d.writeUInt32LE(e.csize, 8);
    d.writeUInt32LE(e.usize, 12);
    this.push(d);
    this.entries.push(e);
  }

  /** A small entry written at once. */
  addBuffer(path: string, data: Buffer): void {
    if (this.open) throw new Error('an entry is still being written');
    const name = Buffer.from(path, 'utf8');
    const e: Entry = { name, crc: zlib.crc32(data), csize: 0, usize: data.length, offset: this.size };
    this.header(name);
    const packed = zlib.deflateRawSync(data, { level: this.level });
    e.csize = packed.length;
    this.push(packed);
    this.close(e);
  }

  /** A streamed entry: `write` chunks (awaiting each), then `end`. One entry at a time. */
  entry(path: string): { write(b: Buffer): Promise<void> | void; end(): Promise<void> } {
    if (this.open) throw new Error('an entry is still being written');
    this.open = true;
    const name = Buffer.from(path, 'utf8');
    const e: Entry = { name, crc: 0, csize: 0, usize: 0, offset: this.size };
    this.header(name);
    const deflate = zlib.createDeflateRaw({ level: this.level });
    deflate.on('data', (c: Buffer) => { e.csize += c.length; this.push(c); });
    return {
      write: (b: Buffer) => {
        e.crc = zlib.crc32(b, e.crc);
        e.usize += b.length;
        if (!deflate.write(b)) return once(deflate, 'drain').then(() => undefined);
        return undefined;
      },
      end: async () => {
        const ended = once(deflate, 'end');
        deflate.end();
        await ended;
        this.open = false;
        this.close(e);
      },
    };
  }

  /** Writes the central directory and returns the archive. */
  finish(): Buffer {
    if (this.open) throw new Error('an entry is still being written');
    const start = this.size;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(FLAGS, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt16LE(this.time, 12);
      c.writeUInt16LE(this.date, 14);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.csize, 20);
      c.writeUInt32LE(e.usize, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      this.push(c);
      this.push(e.name);
    }
    const cdSize = this.size - start;
    if (this.entries.length > 0xffff || start > LIMIT) throw new Error('zip archive too large (more than 65,535 entries or 4 GiB)');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(cdSize, 12);
    end.writeUInt32LE(start, 16);
    this.push(end);
    return Buffer.concat(this.chunks, this.size);
  }
}
