import type { AppContext } from '../../../server/context';
import type { DictLookup } from '../../../server/crud/records';
import type { OrderDeps } from './order-service';

/**
 * The goods and customers plugins' services, looked up when a request (or a job) runs: they are
 * provided in those plugins' register, which may come after ours.
 */
export function orderDeps(ctx: Pick<AppContext, 'services'>): OrderDeps {
  return { stock: ctx.services.get('stock'), members: ctx.services.get('members') };
}

export function dictLookup(ctx: Pick<AppContext, 'dictionaries'>): DictLookup {
  return (code) => ctx.dictionaries.items(code);
}
