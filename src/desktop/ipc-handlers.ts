/**
 * The one place the IPC contract meets the core: `createIpcHandlers(core)` returns a map
 * channel → async handler that parses the request with the channel's zod schema (a bad request
 * is refused with a message naming the field), calls the core, and parses the response before
 * it leaves. The Electron registration (./register-electron.ts) and the browser bridge
 * (src/shell/web) both use this map.
 */
import { ZodError } from 'zod';
import { invokeChannels, type InvokeChannel, type InvokeRequest, type InvokeResponse } from '../contract/ipc.js';
import type { Scorecard } from '../contract/api/scorecard.js';
import { decodeBase64File, type Core } from './index.js';
import { exportPreview, exportZip } from './local-export.js';
import { PathGrants } from './path-grants.js';

export type IpcHandler = (request: unknown) => Promise<unknown>;
export type IpcHandlers = Record<InvokeChannel, IpcHandler>;

type Impl = { [C in InvokeChannel]: (req: InvokeRequest<C> & z_out<C>) => Promise<InvokeResponse<C>> | InvokeResponse<C> };
type z_out<C extends InvokeChannel> = import('zod').infer<(typeof invokeChannels)[C]['request']>;

/** A handler failure as shown to the window. */
export class IpcError extends Error {
  constructor(readonly channel: string, message: string) {
    super(message);
    this.name = 'IpcError';
  }
}

export function describeZodError(err: ZodError): string {
  return err.issues.map((i) => `${i.path.join('.') || '(request)'}: ${i.message}`).join('; ');
}

async function addChosenPaths(core: Core, grants: PathGrants, appnumber: string, paths: string[]) {
  const watched = (await core.listWatchFolders()).map((w) => w.path);
  const bad = grants.refused(paths, watched);
  if (bad !== null) throw new Error(`${bad}: only files you chose (Add files, or a watched folder) can be added by path; drop the file on the window instead`);
  return core.addPaths(appnumber, paths);
}

function implementations(core: Core, grants: PathGrants): Impl {
  return {
    'core:info': () => core.info(),
    'apps:list': (r) => core.listApps(r),
    'apps:delete': (r) => core.deleteApp(r.appnumber),
    'deal:get': (r) => core.deal(r.appnumber),
    'deal:set': (r) => core.setDeal(r.appnumber, { status: r.status, assignee: r.assignee }),
    'deal:addNote': (r) => core.addNote(r.appnumber, r.body),
    'statements:exclude': (r) => core.setStatementExcluded(r.appnumber, r.statementid, r.excluded, r.reason),
    'transactions:edit': (r) => core.editTransaction(r.appnumber, r.id, { category: r.category, trueval: r.trueval }),
    'apps:create': (r) => core.createApp(r.appnumber, { owner: r.owner, connectionId: r.connectionId }),
    'apps:get': (r) => core.getApp(r.appnumber),
    'apps:setConnection': (r) => core.setAppConnection(r.appnumber, r.connectionId),
    'files:addPaths': (r) => addChosenPaths(core, grants, r.appnumber, r.paths),
    'files:addBytes': (r) => core.addBytes(r.appnumber, r.files.map((f) => ({ name: f.name, bytes: decodeBase64File(f.name, f.base64) }))),
    'files:pick': (r) => core.pickFiles(r.appnumber),
    'jobs:list': (r) => core.listJobs(r.appnumber),
    'jobs:retry': (r) => core.retryJob(r.id),
    'jobs:cancel': (r) => core.cancelJob(r.id),
    'jobs:retryAllFailed': (r) => ({ retried: core.retryAllFailed(r.appnumber) }),
    'jobs:remove': (r) => core.removeJob(r.id),
    'jobs:original': (r) => core.originalFile(r.id),
    'results:xlsx': (r) => core.scorecardXlsx(r.appnumber),
    'jobs:openOriginal': async (r) => { await core.openOriginal(r.id); return { opened: true as const }; },
    // Stored as the service sent them; the response schema checks them before they leave.
    'results:scorecard': (r) => core.scorecard(r.appnumber) as Scorecard | null,
    'results:transactions': (r) => core.transactions(r.appnumber) as InvokeResponse<'results:transactions'>,
    'results:refresh': (r) => core.refreshResults(r.appnumber),
    'network:status': () => core.networkStatus(),
    'network:probe': () => core.probeNow(),
    'connections:list': () => core.listConnections(),
    'connections:save': (r) => core.saveConnection(r),
    'connections:remove': async (r) => ({ removed: await core.removeConnection(r.id) }),
    'connections:setDefault': (r) => core.setDefaultConnection(r.id),
    'connections:test': (r) => core.testConnection(r.id),
    'watch:list': () => core.listWatchFolders(),
    'watch:add': (r) => core.addWatchFolder(r),
    'watch:remove': async (r) => ({ removed: await core.removeWatchFolder(r.id) }),
    'settings:get': () => core.getSettings(),
    'settings:set': (r) => core.setSettings(r),
    'export:preview': (r) => exportPreview(core.db, r.appnumber, r.options),
    'export:zip': (r) => exportZip(core.db, core.dataDir, r.appnumber, r.options),
    'export:reveal': async (r) => { await core.revealExport(r.path); return { revealed: true as const }; },
    'dataFolder:choose': (r) => core.chooseDataFolder(r.path),
    'dataFolder:pick': async () => ({ path: await core.pickFolder() }),
    'briefcase:offers': () => core.briefcaseOffers(),
    'briefcase:respond': (r) => core.briefcaseRespond(r.connectionId, r.shareid, r.action),
  };
}

/** `grants`: the paths the user picked in the shell's dialogs (files:addPaths accepts only those and watched folders). */
export function createIpcHandlers(core: Core, grants: PathGrants = new PathGrants()): IpcHandlers {
  const impl = implementations(core, grants);
  const out = {} as IpcHandlers;
  for (const channel of Object.keys(invokeChannels) as InvokeChannel[]) {
    const schema = invokeChannels[channel];
    const fn = impl[channel] as (r: unknown) => Promise<unknown> | unknown;
    out[channel] = async (raw: unknown) => {
      const parsed = schema.request.safeParse(raw ?? {});
      if (!parsed.success) throw new IpcError(channel, `invalid request for ${channel}: ${describeZodError(parsed.error)}`);
      let result: unknown;
      try {
        result = await fn(parsed.data);
      } catch (err) {
        throw new IpcError(channel, err instanceof Error ? err.message : String(err));
      }
      const checked = schema.response.safeParse(result);
      if (!checked.success) throw new IpcError(channel, `internal error: ${channel} produced an invalid response (${describeZodError(checked.error)})`);
      return checked.data;
    };
  }
  return out;
}
