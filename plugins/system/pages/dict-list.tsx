import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { API } from '../../../src/contracts/api-paths';
import type { DictMap } from '../../../src/contracts/session';
import { http } from '../../../src/providers/http';
import { session } from '../../../src/providers/session';
import { EntityListPage, crudApi } from '../../../src/toolkit/crud';
import { dictEntity, dictItemEntity, type DictRecord } from '../entities';

const ITEMS_KEY = 'items';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** 刷新缓存: clears the server cache, then reloads every dictionary into the session cache. */
async function refreshDictionaries(): Promise<string | null> {
  const cleared = await http.get(API.refreshDictCache);
  if (!cleared.success) return cleared.message;
  const all = await http.get<DictMap>(API.allDictItems);
  if (!all.success) return all.message;
  session.setDictCache(all.result);
  return null;
}

function DictItemsDrawer({ dictId, onClose }: { dictId: string | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const [name, setName] = useState('');
  useEffect(() => {
    if (dictId === null) return;
    let alive = true;
    void crudApi(dictEntity)
      .queryById<DictRecord>(dictId)
      .then((answer) => {
        if (alive && answer.success) setName(answer.result.dictName ?? '');
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [dictId]);
  return (
    <Drawer open={dictId !== null} onClose={onClose} width={820} title={t('dictItem.drawerTitle', { name })} destroyOnHidden>
      {dictId !== null ? <EntityListPage entity={dictItemEntity} fixedValues={{ dictId }} urlPrefix="item" card={false} without={['import', 'export']} /> : null}
    </Drawer>
  );
}

/** 数据字典: dictionaries with their items in a drawer (both kept in the URL), and 刷新缓存. */
export default function DictListPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const [refreshing, setRefreshing] = useState(false);
  const itemsOf = searchParams.get(ITEMS_KEY);
  const openDictId = itemsOf !== null && ID.test(itemsOf) ? itemsOf : null;

  const setItems = (dictId: string | null) => {
    const next = new URLSearchParams(searchParams);
    next.delete('itemCreate');
    next.delete('itemEdit');
    if (dictId === null) next.delete(ITEMS_KEY);
    else next.set(ITEMS_KEY, dictId);
    setSearchParams(next, { replace: true });
  };

  const refreshCache = async () => {
    setRefreshing(true);
    try {
      const failure = await refreshDictionaries();
      if (failure === null) void message.success(t('dict.cacheRefreshed'));
      else void message.error(failure);
    } catch {
      // Presented by the http client.
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <EntityListPage<DictRecord>
        entity={dictEntity}
        rowActions={(record) => (
          <Button type="link" size="small" onClick={() => setItems(String(record.id))}>
            {t('dict.configure')}
          </Button>
        )}
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
