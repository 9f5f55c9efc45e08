import type { FastifyInstance } from 'fastify';
import type { Migration, Transaction } from 'kysely';
import type { AppContext, Database, DictSeed } from '../../../../server/kit';
import { campaignDictList } from './dicts';
import { registerCampaignHooks } from './hooks';
import { campaignMigrationList } from './migrations';
import { registerGiftActivityRoutes } from './routes';
import { seedCampaignDemo } from './seed';
import { registerPacketRoutes } from '../packets/routes';

/** Gift campaigns (赠品活动) and coupon packets (券包): what plugins/marketing/server.ts wires in. */



export const campaignDicts: DictSeed[] = campaignDictList;

export const campaignMigrations: Record<string, Migration> = campaignMigrationList;

export async function registerCampaignRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCampaignHooks(ctx);
  await registerGiftActivityRoutes(api, ctx);
  await registerPacketRoutes(api, ctx);
}

export async function seedCampaigns(trx: Transaction<Database>, ctx: AppContext): Promise<void> {
  await seedCampaignDemo(trx, ctx);
}
