/**
 * Products (licences, reference section 1) and which endpoints each may call. Data, not
 * branches: a restricted product lists its endpoints by name (the route path without its
 * leading slash); the OpenAPI document derives each endpoint's products from this table.
 */
export const PRODUCTS = ['pdfinsightstp', 'pdfinsights', 'thumbprint'] as const;
export type Product = (typeof PRODUCTS)[number];

/** 'a|b|c' for usage lines. */
export const PRODUCT_CHOICES = PRODUCTS.join('|');
/** 'a, b or c' for messages. */
export const PRODUCTS_IN_WORDS = `${PRODUCTS.slice(0, -1).join(', ')} or ${PRODUCTS[PRODUCTS.length - 1]}`;

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

/** The products licensed for one endpoint. */
export function productsFor(endpoint: string): Product[] {
  return PRODUCTS.filter((p) => productMayCall(p, endpoint));
}

/** Features the operator switches on per account (DESIGN: off → 403, on without provider → 501). */
export const FEATURES = ['prequalify', 'googlesheets', 'briefcase', 'creditreport'] as const;
export type Feature = (typeof FEATURES)[number];
