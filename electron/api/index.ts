export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type Page,
  type ListQuery,
  type InvalidRecord,
  type ChargebackWithTxn,
} from './client.ts';
export { backoffDelay, sleep, defaultRetry, type RetryPolicy } from './retry.ts';
