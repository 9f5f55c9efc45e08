import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context';

/** TO BE WRITTEN by the helper that owns this file. */
export function registerOrderReportRoutes(_api: FastifyInstance, _ctx: AppContext): void {}
