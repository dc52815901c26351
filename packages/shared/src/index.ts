export * from './constants.ts';
export * from './numbers.ts';
export * from './errors.ts';
export * from './permissions.ts';
export * from './common.schemas.ts';
export * from './auth.schemas.ts';
