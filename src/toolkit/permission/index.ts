export { useAccess, useAccessMap } from './use-access';
export type { Access } from '../../providers/access-control';
