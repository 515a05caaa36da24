export * from './define.ts';
export * from './routes.ts';
export * from './limits.ts';
export * from './registry.ts';
export type * from './call-types.ts';
export { homeSectionParam } from './home.ts';
