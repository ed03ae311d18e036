export * from './primitives.ts';
export * from './envelope.ts';
export * from './resources.ts';
export * from './requests.ts';
export * from './alerts.ts';
export * from './search.ts';
