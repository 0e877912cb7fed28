export * from './roles.ts';
export * from './hierarchy.ts';
export * from './geo.ts';
export * from './transit.ts';
export * from './entities.ts';
export * from './permissions/index.ts';
export * from './motion/index.ts';
export * from './places/index.ts';
