/**
 * Licences (reference section 1): which endpoints each product may call. Data, not branches:
 * a new endpoint is added to ENDPOINTS and, when restricted, to the product's list.
 */
export const PRODUCTS = ['pdfinsightstp', 'pdfinsights', 'thumbprint'] as const;
export type Product = (typeof PRODUCTS)[number];

export function isProduct(v: unknown): v is Product {
  return typeof v === 'string' && (PRODUCTS as readonly string[]).includes(v);
}

/** Endpoints a product may call; `'*'` = all of them. */
export const LICENSED_ENDPOINTS: Record<Product, readonly string[] | '*'> = {
  pdfinsightstp: '*',
  pdfinsights: '*',
  thumbprint: ['authenticate', 'uploadpdfs'],
};

/** Products whose responses carry fraud-score fields. */
export const FRAUD_SCORE_PRODUCTS: readonly Product[] = ['pdfinsightstp', 'thumbprint'];

export function productMayCall(product: Product, endpoint: string): boolean {
  const list = LICENSED_ENDPOINTS[product];
  return list === '*' || list.includes(endpoint);
}

/** Features the operator switches on per account (DESIGN: off → 403, on without provider → 501). */
export const FEATURES = ['prequalify', 'googlesheets', 'briefcase', 'creditreport'] as const;
export type Feature = (typeof FEATURES)[number];
