export { WebhookDispatcher, DEFAULT_RETRY_POLICY, backoffDelay, webhookUrlProblem } from './dispatcher.js';
export type { RetryPolicy, DispatcherOptions, EnqueueInput } from './dispatcher.js';
export { signBody, verifySignature, SIGNATURE_HEADER } from './sign.js';
export { buildWebhookPayload, completionNotification } from './payload.js';
export type { CompletionNotification, ResultsLike, WebhookEvent } from './payload.js';
export { attemptsOf, deliveriesForApp, getDelivery } from './store.js';
export type { Delivery, DeliveryAttempt, DeliveryStatus } from './store.js';
export { startWebhooks, stopWebhooks, dispatchConversionWebhook, dispatchEvent, webhookDispatcherOf } from './service.js';
export type { WebhookSettings } from './service.js';
