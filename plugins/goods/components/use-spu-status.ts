import { useEntityAction } from '../../../src/toolkit/crud';
import { spuEntity, stockEntity } from '../entities';
import { SPU_API } from './spu-model';

/**
 * Every status change of SPUs (上架, 下架, 回收, 恢复; one or many): one custom mutation on
 * `PUT updateStatus {ids, status}`, after which the SPU lists, their tab counts and the stock list
 * refresh themselves. Resolves to whether the server accepted it (its message shows either way).
 */
export function useSpuStatus() {
  const action = useEntityAction({ invalidates: [spuEntity.table, stockEntity.table] });
  const update = async (ids: readonly string[], status: string): Promise<boolean> =>
    (await action.run({ url: SPU_API.updateStatus, method: 'put', values: { ids: ids.join(','), status } })) !== undefined;
  return { update, running: action.running };
}
