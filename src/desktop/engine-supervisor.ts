/**
 * Keeps the embedded engine running: launches its process, waits for `{type:'ready', url}`,
 * and restarts it with backoff if it dies (the backoff resets once it has run for a while).
 * The launcher is a port: a Node child process here, an Electron utilityProcess in the shell.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Clock } from './clock.js';

export interface EngineProcess {
  onMessage(cb: (msg: unknown) => void): void;
  onExit(cb: (code: number | null) => void): void;
  kill(): void;
  readonly pid?: number;
}

export type EngineLauncher = (env: Record<string, string>) => EngineProcess;

export type EngineState = 'stopped' | 'starting' | 'running' | 'restarting';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ENGINE_ENTRY_TS = path.join(ROOT, 'src/desktop/engine-entry.ts');

/**
 * The engine's entry beside this module when it runs built (build/engine-entry.js, see
 * bin/build.mjs), or null from the sources.
 */
export function builtEngineEntry(moduleUrl: string = import.meta.url): string | null {
  const built = fileURLToPath(new URL('./engine-entry.js', moduleUrl));
  return existsSync(built) ? built : null;
}

/**
 * Launches the engine with an IPC channel: the built build/engine-entry.js when this module is
 * built, else `node bin/run-ts.mjs src/desktop/engine-entry.ts` (sources, through tsx).
 */
export const nodeEngineLauncher: EngineLauncher = (env) => {
  const built = builtEngineEntry();
  const child = fork(built ?? path.join(ROOT, 'bin/run-ts.mjs'), built ? [] : [ENGINE_ENTRY_TS], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  return {
    pid: child.pid,
    onMessage: (cb) => void child.on('message', cb),
    onExit: (cb) => void child.on('exit', (code) => cb(code)),
    kill: () => void child.kill('SIGTERM'),
  };
};

export interface SupervisorOptions {
  launcher: EngineLauncher;
  env: Record<string, string>;
  clock: Clock;
  onReady: (url: string) => void;
  onDown: (reason: string) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Running this long resets the restart backoff. */
  healthyAfterMs?: number;
}

export class EngineSupervisor {
  state: EngineState = 'stopped';
  url: string | null = null;
  restarts = 0;
  private proc: EngineProcess | null = null;
  private failures = 0;
  private startedAt = 0;
  private cancelTimer: (() => void) | null = null;
  private stopping = false;
  private readyWaiters: ((url: string) => void)[] = [];

  constructor(private o: SupervisorOptions) {}

  get pid(): number | undefined { return this.proc?.pid; }

  start(): void {
    this.stopping = false;
    this.launch();
  }

  /** Resolves with the URL once the engine listens. */
  ready(): Promise<string> {
    if (this.state === 'running' && this.url) return Promise.resolve(this.url);
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  private launch(): void {
    this.state = this.restarts ? 'restarting' : 'starting';
    this.startedAt = this.o.clock.now();
    const proc = this.o.launcher(this.o.env);
    this.proc = proc;
    proc.onMessage((msg) => {
      const m = msg as { type?: string; url?: string; message?: string };
      if (m?.type === 'ready' && typeof m.url === 'string' && this.proc === proc) {
        this.state = 'running';
        this.url = m.url;
        this.o.onReady(m.url);
        for (const w of this.readyWaiters.splice(0)) w(m.url);
      }
    });
    proc.onExit((code) => {
      if (this.proc !== proc) return;
      this.proc = null;
      this.url = null;
      if (this.stopping) { this.state = 'stopped'; return; }
      const ranFor = this.o.clock.now() - this.startedAt;
      this.failures = ranFor >= (this.o.healthyAfterMs ?? 60_000) ? 1 : this.failures + 1;
      this.o.onDown(`local engine exited (code ${code})`);
      const delay = Math.min(this.o.maxDelayMs ?? 30_000, (this.o.baseDelayMs ?? 500) * 2 ** (this.failures - 1));
      this.state = 'restarting';
      this.cancelTimer = this.o.clock.setTimer(delay, () => { this.cancelTimer = null; this.restarts++; this.launch(); });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.cancelTimer?.();
    const proc = this.proc;
    if (!proc) { this.state = 'stopped'; return; }
    await new Promise<void>((resolve) => {
      proc.onExit(() => resolve());
      proc.kill();
    });
    this.proc = null;
    this.state = 'stopped';
  }
}
