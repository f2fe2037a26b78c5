import type { Product } from '../../contract/products.js';
import type { Application } from '../store/applications.js';

/**
 * Outside providers of the operator-enabled features (/googlesheets, /creditreport).
 * The server configuration names them (config.providers); the feature routes hand calls to them.
 * Kept apart from the routes so that the configuration does not depend on the HTTP layer.
 */
export type ProviderName = 'googlesheets' | 'creditreport';

export interface FeatureCall {
  endpoint: string;
  account: { id: number; username: string; product: Product };
  fields: Record<string, unknown>;
  app: Application | null;
}

/** What a provider answers: HTTP status and JSON body (no body → empty 200/204). */
export interface FeatureOutcome { status: number; body?: unknown }
export type FeatureProvider = (call: FeatureCall) => Promise<FeatureOutcome>;
export type FeatureProviders = Partial<Record<ProviderName, FeatureProvider>>;

/** What the operator must supply for each provider (the 501 message says it). */
export const PROVIDER_NEEDS: Record<ProviderName, string> = {
  googlesheets: 'a Google Sheets provider (credentials of a Google service account with write access to the customer\'s sheets)',
  creditreport: 'a credit bureau provider (soft-pull credentials with a consumer credit bureau)',
};
