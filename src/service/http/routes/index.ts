import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { authenticateRoutes } from './authenticate.js';
import { applicationRoutes } from './applications.js';
import { convertRoutes } from './convert.js';
import { resultRoutes } from './results.js';
import { statementRoutes } from './statements.js';
import { scorecardRoutes } from './scorecard.js';
import { zipArchiveRoutes } from './ziparchive.js';
import { featureRoutes } from './features.js';
import { briefcaseRoutes } from './briefcase.js';

/**
 * Route groups served under every version prefix /api/v1.0 … /api/v1.5, one plugin each.
 * Other groups (features, …) add themselves to this list.
 */
export const versionedRoutes: FastifyPluginAsync<{ ctx: ServiceContext }>[] = [
  authenticateRoutes,
  applicationRoutes,
  convertRoutes,
  resultRoutes,
  statementRoutes,
  scorecardRoutes,
  zipArchiveRoutes,
  featureRoutes,
  briefcaseRoutes,
];
