import { ReloadOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { API } from '../../../src/contracts/api-paths';
import type { DictMap } from '../../../src/contracts/session';
import { session } from '../../../src/providers/session';
import { EntityListPage, useCustomCall, useEntityRecord, useServerFeedback } from '../../../src/toolkit/crud';
import { dictEntity, dictItemEntity, type DictRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

const ITEMS_KEY = 'items';

function DictItemsDrawer({ dictId, onClose }: { dictId: string | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { record } = useEntityRecord<DictRecord>(dictEntity, dictId);
  return (
    <Drawer open={dictId !== null} onClose={onClose} width={820} title={t('dictItem.drawerTitle', { name: record?.dictName ?? '' })} destroyOnHidden>
      {dictId !== null ? <EntityListPage entity={dictItemEntity} fixedValues={{ dictId }} urlPrefix="item" card={false} without={['import', 'export']} /> : null}
    </Drawer>
  );
}

/** 数据字典: dictionaries with their items in a drawer (both kept in the URL), and 刷新缓存. */
export default function DictListPage() {
  const { t } = useTranslation('system');
  const feedback = useServerFeedback();
  const call = useCustomCall();
  const [searchParams, setSearchParams] = useSearchParams();
  const [refreshing, setRefreshing] = useState(false);
  const itemsOf = searchParams.get(ITEMS_KEY);
  const openDictId = itemsOf !== null && RECORD_ID_PATTERN.test(itemsOf) ? itemsOf : null;

  const setItems = (dictId: string | null) => {
    const next = new URLSearchParams(searchParams);
    next.delete('itemCreate');
    next.delete('itemEdit');
    if (dictId === null) next.delete(ITEMS_KEY);
    else next.set(ITEMS_KEY, dictId);
    setSearchParams(next, { replace: true });
  };

  /** 刷新缓存: clears the server cache, then reloads every dictionary into the session cache. */
  const refreshCache = async () => {
    setRefreshing(true);
    try {
      await call({ url: API.refreshDictCache, method: 'get' });
      const all = await call<DictMap>({ url: API.allDictItems, method: 'get' });
      session.setDictCache(all.data);
      feedback.succeeded(null, t('dict.cacheRefreshed'));
    } catch (error) {
      feedback.failed(error);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <EntityListPage<DictRecord>
        entity={dictEntity}
        rowActions={() => [{ key: 'configure', label: t('dict.configure'), onClick: (record) => setItems(String(record.id)) }]}
        toolbarExtra={
          <Button icon={<ReloadOutlined />} loading={refreshing} onClick={() => void refreshCache()}>
            {t('dict.refreshCache')}
          </Button>
        }
      />
      <DictItemsDrawer dictId={openDictId} onClose={() => setItems(null)} />
    </>
  );
}
