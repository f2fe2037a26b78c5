/**
 * The contract's channel names for the preload, without pulling the zod schemas into the
 * sandboxed preload bundle. test/core/shell-pieces.test.ts checks they equal the contract's.
 */
export const INVOKE_CHANNELS = [
  'core:info', 'apps:list', 'apps:delete', 'apps:create', 'apps:get', 'apps:setConnection', 'deal:get', 'deal:set', 'deal:addNote',
  'statements:exclude', 'transactions:edit', 'files:addPaths', 'files:addBytes', 'files:pick',
  'jobs:list', 'jobs:retry', 'jobs:cancel', 'jobs:retryAllFailed', 'jobs:remove', 'jobs:original', 'jobs:openOriginal',
  'results:scorecard', 'results:transactions', 'results:xlsx', 'results:refresh',
  'network:status', 'network:probe', 'connections:list', 'connections:save', 'connections:remove', 'connections:setDefault',
  'connections:test', 'watch:list', 'watch:add', 'watch:remove', 'settings:get', 'settings:set', 'export:preview', 'export:zip',
  'export:reveal', 'dataFolder:choose', 'dataFolder:pick', 'briefcase:offers', 'briefcase:respond',
] as const;

export const EVENT_CHANNELS = ['jobs:changed', 'jobs:progress', 'jobs:finished', 'network:changed', 'results:changed', 'watch:changed', 'batch:finished'] as const;

/** Electron channel prefix of pushed events (same value as the contract's EVENT_PREFIX). */
export const EVENT_PREFIX = 'event:';
