/** The public face of core/analysis: what the rest of Papers may import from it. */
export * from './analyze';
export * from './textFeatures';
export * from './tokenFloor';
export * from './grow';
export * from './growthRegroup';
export * from './growthRegroupNotice';
