/**
 * Every API version the service answers under (/api/v{version}); they behave the same. The
 * OpenAPI document lists the endpoints under the current one.
 */
export const API_VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const CURRENT_API_VERSION: ApiVersion = '1.5';
