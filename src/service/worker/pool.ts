import { Piscina } from 'piscina';
import type { ConvertTask, ConvertTaskResult } from './convert-task.js';

/**
 * The conversion pool: worker threads so the HTTP server keeps answering while documents
 * convert. `depth` counts conversions queued or running; callers check `hasRoom` (→ 503).
 */
export class ConversionPool {
  private readonly piscina: Piscina;
  private inFlight = 0;

  constructor(readonly threads: number, readonly maxDepth: number) {
    this.piscina = new Piscina({
      filename: new URL('./bootstrap.mjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
  }

  get depth(): number {
    return this.inFlight;
  }

  hasRoom(n: number): boolean {
    return this.inFlight + n <= this.maxDepth;
  }

  async run(task: ConvertTask): Promise<ConvertTaskResult> {
    this.inFlight++;
    try {
      return (await this.piscina.run(task)) as ConvertTaskResult;
    } finally {
      this.inFlight--;
    }
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
