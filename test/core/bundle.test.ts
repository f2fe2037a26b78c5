/**
 * `npm start`'s build really runs. One `electron-vite build` into a temp app folder laid out as
 * electron-builder packs it (out/**, package.json, node_modules without the build tooling: no
 * tsx, typescript, vite or esbuild, and no src/ anywhere near), then the bundled embedded engine
 * (out/main/engine.js, what the shell runs in a utilityProcess) started with plain `node` and
 * used over real HTTP: authenticate, convert a generated PDF and an MTJson file on the bundled
 * worker threads, the scorecard and its page, a flattened zip archive (pdf.js renders with its
 * standard fonts), and the store's migrations. Also checks the shell and preload bundles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeStatementSpec, renderStatementPdf, type RenderedPdf } from '../fixtures/generator/index.js';
import { readZip } from '../fixtures/zip.js';
import { mtjsonStatement } from './fixtures.js';
import { tempDir } from './tmp.js';
import { conversionWorkerFile, conversionWorkerLoader } from '../../src/service/worker/pool.js';
import { engineWorkerFile } from '../../src/engine/ocr/tesseract.js';
import { migrations } from '../../src/service/store/migrations/index.js';
import { renderPageJpeg } from '../../src/service/export/flatten.js';
import { openPdf } from '../../src/service/export/pdfjs-node.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USER = 'local';
const PASSWORD = 'bundle test password';
const PRODUCT = 'pdfinsightstp';

const tmp = tempDir('ld-bundle-');
const app = path.join(tmp.dir, 'app');
const out = path.join(app, 'out');
const dataDir = path.join(tmp.dir, 'data');
let engine: ChildProcess | null = null;
let engineLog = '';
let url = '';
let token = '';
let pdf: RenderedPdf;
let shipped: string[] = [];

function run(cmd: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`));
      else resolve(stdout + stderr);
    });
  });
}

/**
 * The packaged app's node_modules, as electron-builder picks them: the production packages of
 * package-lock.json (no devDependencies), minus the `!node_modules/NAME/**` exclusions of
 * electron-builder.yml (tsx and esbuild), each linked from the real install.
 */
function linkRuntimeModules(): string[] {
  const yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');
  const excluded = new Set([...yml.matchAll(/^\s*-\s*"!node_modules\/(.+?)\/\*\*"\s*$/gm)].map((m) => m[1]!));
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const linked: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key.replace(/^node_modules\//, '');
    if (!key.startsWith('node_modules/') || name.includes('/node_modules/') || entry.dev) continue;
    if (excluded.has(name) || excluded.has(name.split('/')[0]!)) continue;
    const from = path.join(ROOT, 'node_modules', name);
    if (!existsSync(from)) continue; // an optional package for another platform
    mkdirSync(path.dirname(path.join(app, 'node_modules', name)), { recursive: true });
    symlinkSync(from, path.join(app, 'node_modules', name));
    linked.push(name);
  }
  return linked;
}

function startEngine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(out, 'main/engine.js'), [], {
      cwd: app,
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        PATH: process.env.PATH ?? '',
        LEDGERDROP_ENGINE_DATA: dataDir,
        LEDGERDROP_ENGINE_USER: USER,
        LEDGERDROP_ENGINE_PASSWORD: PASSWORD,
        LEDGERDROP_ENGINE_PRODUCT: PRODUCT,
        LEDGERDROP_ENGINE_CONFIG: JSON.stringify({ workerThreads: 1, syncWaitMs: 120_000 }),
      },
    });
    engine = child;
    child.stdout!.on('data', (d) => { engineLog += String(d); });
    child.stderr!.on('data', (d) => { engineLog += String(d); });
    child.on('message', (m: { type?: string; url?: string; message?: string }) => {
      if (m?.type === 'ready' && m.url) resolve(m.url);
      else if (m?.type === 'error') reject(new Error(`engine reported: ${m.message}\n${engineLog}`));
    });
    child.on('exit', (code) => reject(new Error(`engine exited with code ${code} before ready\n${engineLog}`)));
  });
}

async function api(method: 'GET' | 'POST', p: string, fields: Record<string, string> = {}, files: { name: string; bytes: Uint8Array; type: string }[] = []) {
  const headers = { authorization: `Bearer ${token}`, 'svc-product': PRODUCT };
  let body: FormData | undefined;
  if (method === 'POST') {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    for (const f of files) body.append('pdf-filename', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  }
  const res = await fetch(`${url}/api/v1.5${p}`, { method, headers, body });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const json = (r: { bytes: Uint8Array }) => JSON.parse(Buffer.from(r.bytes).toString('utf8'));

/** Import specifiers of an ES module bundle (static and dynamic) and require() calls of a CommonJS one. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  const statements = [
    /^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/gm, // import … from "x" / export … from "x"
    /^\s*import\s*["']([^"']+)["']/gm, // import "x"
    /\bimport\(\s*["']([^"']+)["']\s*\)/g, // import("x")
    /\brequire\(\s*["']([^"']+)["']\s*\)/g, // require("x")
  ];
  for (const re of statements) {
    for (const m of code.matchAll(re)) found.push(m[1]!);
  }
  return found;
}

/** The first JPEG of a flattened PDF: its page 1 image. */
function firstJpeg(pdfBytes: Uint8Array): Buffer {
  const buf = Buffer.from(pdfBytes);
  const start = buf.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  expect(start).toBeGreaterThan(0);
  const end = buf.lastIndexOf(Buffer.from([0xff, 0xd9]), buf.indexOf(Buffer.from('endstream'), start));
  return buf.subarray(start, end + 2);
}

beforeAll(async () => {
  mkdirSync(app, { recursive: true });
  copyFileSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
  shipped = linkRuntimeModules();
  await run(process.execPath, [path.join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { LEDGERDROP_BUILD_OUT: out });
  pdf = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'chase' }));
  url = await startEngine();
  const auth = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
  const res = await fetch(`${url}/api/v1.5/authenticate`, { headers: { authorization: `Basic ${auth}`, 'svc-product': PRODUCT } });
  expect(res.status).toBe(200);
  token = (await res.text()).trim();
}, 240_000);

afterAll(async () => {
  if (engine && engine.exitCode === null) {
    const exited = new Promise((r) => engine!.once('exit', r));
    engine.kill('SIGTERM');
    await exited;
  }
  tmp.cleanup();
}, 30_000);

describe('electron-vite build', () => {
  it('is run beside the packaged node_modules: runtime packages only, no tsx, esbuild, typescript or vite', () => {
    expect(shipped).toEqual(expect.arrayContaining(['better-sqlite3', 'pdfjs-dist', 'piscina', 'fastify', 'zod', '@napi-rs/canvas']));
    for (const tool of ['tsx', 'esbuild', 'typescript', 'vite', 'vitest', 'electron-vite']) expect(shipped).not.toContain(tool);
  });

  it('writes the shell, the engine, its worker entry, the preload and the renderer, with no TypeScript', () => {
    for (const f of ['main/index.js', 'main/engine.js', 'main/convert-worker.js', 'main/worker-loader.cjs', 'preload/index.cjs', 'renderer/index.html']) {
      expect(existsSync(path.join(out, f)), f).toBe(true);
    }
    const mainFiles = readdirSync(path.join(out, 'main'));
    // JavaScript only; the CommonJS files are the loader piscina starts worker threads with and
    // the OCR engines' thread script, found beside the engine's chunks.
    expect(mainFiles.filter((f) => !f.endsWith('.js')).sort()).toEqual(['engine-worker.cjs', 'worker-loader.cjs']);
    expect(engineWorkerFile(pathToFileURL(path.join(out, 'main/engine.js')).href)).toBe(path.join(out, 'main/engine-worker.cjs'));
    // The pool, run from the bundle, picks the bundled worker (the tsx bootstrap is not shipped).
    expect(conversionWorkerFile(pathToFileURL(path.join(out, 'main/engine.js')).href)).toBe(pathToFileURL(path.join(out, 'main/convert-worker.js')).href);
    expect(conversionWorkerLoader(pathToFileURL(path.join(out, 'main/engine.js')).href)).toBe(pathToFileURL(path.join(out, 'main/worker-loader.cjs')).href);
    // From the sources it still picks the tsx bootstrap.
    expect(conversionWorkerFile(pathToFileURL(path.join(ROOT, 'src/service/worker/pool.ts')).href)).toMatch(/\/src\/service\/worker\/bootstrap\.mjs$/);
  });

  it('main bundles import only packages, node built-ins and their own chunks (nothing under src/, no tsx)', () => {
    const deps = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const shipped = new Set([...Object.keys(deps.dependencies), 'electron']);
    for (const f of readdirSync(path.join(out, 'main'))) {
      const code = readFileSync(path.join(out, 'main', f), 'utf8');
      for (const s of specifiers(code)) {
        // Nothing from our sources (a package's own src/ is its business: the OCR engines' thread script loads tesseract.js/src/worker-script).
        const intoSources = (s.startsWith('.') || s.startsWith('/') || s.startsWith('src/')) && /(^|\/)src\//.test(s);
        expect(intoSources, `${f} imports ${s}`).toBe(false);
        expect(s, `${f} imports ${s}`).not.toMatch(/\.tsx?$|^tsx(\/|$)/);
        if (s.startsWith('.')) expect(existsSync(path.join(out, 'main', s)), `${f} imports ${s}`).toBe(true);
        else if (!s.startsWith('node:')) {
          const pkg = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!;
          expect(shipped.has(pkg), `${f} imports ${s}, which is not a runtime dependency`).toBe(true);
        }
      }
    }
    expect(specifiers(readFileSync(path.join(out, 'main/index.js'), 'utf8'))).toContain('electron');
  });

  it('the sandboxed preload is CommonJS that requires nothing but electron', () => {
    const code = readFileSync(path.join(out, 'preload/index.cjs'), 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    const required = [...code.matchAll(/\brequire\(\s*([^)]*)\)/g)].map((m) => m[1]!.trim());
    expect(required.length).toBeGreaterThan(0);
    expect(new Set(required)).toEqual(new Set(['"electron"']));
  });
});

/**
 * Electron's API for loading the shell bundle in plain Node (there is no Electron binary here):
 * just enough for index.js's top level, which registers the app:// scheme, asks for the
 * single-instance lock and, refused, quits. Everything it imports is real.
 */
const ELECTRON_MODULES = ['app', 'autoUpdater', 'BrowserWindow', 'clipboard', 'crashReporter', 'dialog', 'ipcMain', 'Menu', 'MenuItem', 'nativeImage', 'nativeTheme', 'net', 'Notification', 'powerMonitor', 'powerSaveBlocker', 'protocol', 'safeStorage', 'screen', 'session', 'shell', 'systemPreferences', 'Tray', 'utilityProcess', 'webContents'];
const FAKE_ELECTRON = `
const say = (line) => process.stdout.write(line + '\\n');
// Each module is a proxy: any function it is asked for logs its call and returns undefined,
// except the answers index.js's top level needs.
const answers = {
  'app.requestSingleInstanceLock': () => false,
  'app.whenReady': () => new Promise(() => {}),
  'app.isPackaged': false,
  'protocol.registerSchemesAsPrivileged': (schemes) => JSON.stringify(schemes),
};
const fake = (name) => new Proxy(function () {}, {
  get(_t, key) {
    if (typeof key !== 'string' || key === 'then') return undefined;
    const answer = answers[name + '.' + key];
    if (answer !== undefined && typeof answer !== 'function') return answer;
    return (...args) => {
      const value = answer ? answer(...args) : undefined;
      say(name + '.' + key + (args.length && typeof args[0] === 'string' ? ' ' + args[0] : '') + (typeof value === 'string' ? ' ' + value : ''));
      return value;
    };
  },
  construct() { return fake(name + '()'); },
});
${ELECTRON_MODULES.map((m) => `export const ${m} = fake('${m}');`).join('\n')}
export default { ${ELECTRON_MODULES.join(', ')} };
`;
const ELECTRON_HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: new URL('./fake-electron.mjs', import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
`;

// Generous caps for a busy machine (children start, pdf.js loads): not speed checks.
describe('the bundled shell (out/main/index.js)', { timeout: 60_000 }, () => {
  it('loads with its whole import graph in Node, registers app:// and quits as a second instance', async () => {
    writeFileSync(path.join(tmp.dir, 'fake-electron.mjs'), FAKE_ELECTRON);
    writeFileSync(path.join(tmp.dir, 'electron-hooks.mjs'), ELECTRON_HOOKS);
    writeFileSync(path.join(tmp.dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./electron-hooks.mjs', import.meta.url);\n`);
    const output = await run(process.execPath, ['--import', pathToFileURL(path.join(tmp.dir, 'register.mjs')).href, path.join(out, 'main/index.js')], {});
    const lines = output.trim().split('\n');
    expect(lines).toContain('protocol.registerSchemesAsPrivileged [{"scheme":"app","privileges":{"standard":true,"secure":true,"supportFetchAPI":true}}]');
    expect(lines).toContain('app.requestSingleInstanceLock');
    expect(lines).toContain('app.on window-all-closed');
    expect(lines[lines.length - 1]).toBe('app.quit');
  });
});

describe('the bundled embedded engine (node out/main/engine.js)', { timeout: 60_000 }, () => {
  it('converts a generated PDF and an MTJson file on its bundled worker threads: reconciled, every transaction', async () => {
    const mtjson = mtjsonStatement(41, 9);
    const up = await api('POST', '/uploadpdfs', { appnumber: 'BUNDLE-1' }, [
      { name: 'chase.pdf', bytes: pdf.bytes, type: 'application/pdf' },
      { name: 'march.json', bytes: mtjson, type: 'application/json' },
    ]);
    expect(up.status, Buffer.from(up.bytes).toString()).toBe(200);
    const body = json(up);
    const items = body.file_status as { fileName: string; numTransactions: number; reconciled: boolean; error?: string }[];
    expect(items.map((i) => i.fileName)).toEqual(['chase.pdf', 'march.json']);
    expect(items[0]).toMatchObject({ reconciled: true, numTransactions: pdf.truth[0]!.transactions.length });
    expect(pdf.truth).toHaveLength(1);
    expect(items[1]).toMatchObject({ reconciled: true, numTransactions: 9 });
    // The worker classified and scored the PDF (scorecard rules and fraud signals ran in the bundle).
    expect((items[0] as unknown as { fraudscore: number }).fraudscore).toBeGreaterThanOrEqual(90);

    const apps = json(await api('GET', '/getapps'));
    expect(apps.map((a: { appnumber: string }) => a.appnumber)).toContain('BUNDLE-1');
  });

  it('builds the scorecard as JSON, as a spreadsheet and as its signed page', async () => {
    const appid = String(json(await api('POST', '/new', { appnumber: 'BUNDLE-1' })).appid);
    const card = await api('POST', '/scorecard', { appid, format: 'jsonobject' });
    expect(card.status).toBe(200);
    const sections = json(card) as Record<string, { data?: unknown[] }>;
    expect(Object.keys(sections).length).toBeGreaterThan(3);
    const xls = await api('POST', '/makexls', { appid });
    expect(xls.status).toBe(200);
    expect(Buffer.from(xls.bytes.subarray(0, 2)).toString('latin1')).toBe('PK');
    expect([...(await readZip(Buffer.from(xls.bytes))).keys()]).toContain('xl/workbook.xml');
    const signed = await api('POST', '/scorecard/signedUrl', { appid });
    expect(signed.status).toBe(200);
    const page = await fetch(json(signed).url as string);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('BUNDLE-1');
  });

  it('flattens the PDF into a zip archive: pdf.js renders the text with its standard fonts', async () => {
    const appid = String(json(await api('POST', '/new', { appnumber: 'BUNDLE-1' })).appid);
    const zip = await api('POST', '/ziparchive', { appid, watermarkIsFlatten: 'true' });
    expect(zip.status, Buffer.from(zip.bytes).toString().slice(0, 300)).toBe(200);
    const entries = await readZip(Buffer.from(zip.bytes));
    const flattened = [...entries.entries()].find(([name]) => name.endsWith('.pdf'));
    expect(flattened, [...entries.keys()].join(', ')).toBeDefined();
    // Page 1 as the sources render it (pdf.js with the standard font files from pdfjs-dist): the
    // generated PDF's Helvetica is not embedded, so a bundle that missed those files draws
    // substitute glyphs and its image differs.
    const fromSources = await openPdf(pdf.bytes);
    try {
      const { jpeg } = await renderPageJpeg(fromSources, 1);
      expect(firstJpeg(flattened![1]).equals(jpeg)).toBe(true);
    } finally {
      await fromSources.destroy();
    }
  });

  it('migrated its store to the latest schema', () => {
    // Read-only, so this test applies nothing itself: the engine's own run did.
    const db = new Database(path.join(dataDir, 'ledgerdrop.sqlite'), { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations[migrations.length - 1]!.version);
    } finally {
      db.close();
    }
  });
});
