import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { dictEntity, dictItemEntity } from './entities';

export default definePlugin({
  name: 'system',
  resources: [resourceOf(dictEntity), resourceOf(dictItemEntity)],
  pages: {
    'system/DictList': () => import('./pages/dict-list'),
  },
});
