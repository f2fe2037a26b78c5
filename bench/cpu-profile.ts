import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The top self-time functions of a V8 `.cpuprofile` (what `node --cpu-prof` writes): each
 * node's self time is its sample count times the sampling interval; nodes of one function
 * (same name, file, line) are summed. Files are shown relative to the project or node_modules.
 */
export interface HotFunction { name: string; where: string; selfMs: number; share: number }

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

export function hotFunctions(file: string, top: number): { total: number; list: HotFunction[] } {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Time per sample from the deltas (the next sample's delta is the time this one stood for).
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + dt);
  }
  const sums = new Map<string, HotFunction>();
  let total = 0;
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') continue;
    total += ms;
    const where = shortUrl(f.url) + (f.url ? `:${f.lineNumber + 1}` : '');
    const key = `${f.functionName}@${where}`;
    const h = sums.get(key) ?? { name: f.functionName || '(anonymous)', where, selfMs: 0, share: 0 };
    h.selfMs += ms;
    sums.set(key, h);
  }
  const list = [...sums.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, top);
  for (const h of list) h.share = total ? h.selfMs / total : 0;
  return { total, list };
}

function shortUrl(url: string): string {
  if (!url) return '';
  const u = url.replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0) return u.slice(nm + 'node_modules/'.length);
  const rel = path.relative(process.cwd(), u);
  return rel.startsWith('..') ? path.basename(u) : rel;
}
