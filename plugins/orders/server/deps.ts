import type { AppContext, DictLookup } from '../../../server/kit';
import { OrderHookRegistry } from './sales/hook-registry';
import type { OrderDeps } from './sales/service';

/**
 * The goods and customers plugins' services, looked up when a request (or a job) runs: they are
 * provided in those plugins' register, which may come after ours. The hooks are our own (provided in
 * our register), read back through the service map so one app's hooks never leak into another's.
 */
export function orderDeps(ctx: Pick<AppContext, 'services'>): OrderDeps {
  const hooks = ctx.services.get('orderHooks');
  if (!(hooks instanceof OrderHookRegistry)) throw new Error('orderHooks is not the orders plugin’s registry');
  return { stock: ctx.services.get('stock'), members: ctx.services.get('members'), hooks, payments: hooks.payments, wechat: hooks.wechat };
}

/**
 * How the order reads name things for a tenant: its dictionaries (the express companies are the tenant's own) and the
 * references (the member, the region of the address, the goods) by name.
 */
export function dictLookup(ctx: Pick<AppContext, 'dictionaries' | 'references'>, tenantId: number): DictLookup {
  return ctx.references.lookupFor(ctx.dictionaries, tenantId);
}
