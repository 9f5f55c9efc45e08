import { Card, Space, Tag, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_API, type Announcement } from '../../../src/contracts/announcements';
import { permissionCode } from '../../../src/contracts/entity';
import { BatchDeleteButton, CreateButton, ListTable, LoadErrorAlert, SearchForm, SelectionAlert, useEntityAction, useEntityList, useGuardedModalState, useRowActionsColumn } from '../../../src/toolkit/crud';
import { AnnouncementFormModal } from '../components/announcement-form-modal';
import { PRIORITY_COLORS, STATUS_COLORS } from '../components/labels';
import { ANNOUNCEMENT_PERMISSIONS, announcementEntity, MY_ANNOUNCEMENTS_RESOURCE } from '../entities';

const RELEASED = '1';

/**
 * 通告管理 from the toolkit's pieces: the entity's search form (标题, 消息类型 and 优先级 from their
 * dictionaries, 重置), the paged list with its page-size selector, live (a change made elsewhere shows
 * at once), 新增/编辑 kept in the URL, 发布/撤销 as custom actions, delete and batch delete.
 */
export default function AnnouncementAdminList() {
  const { t } = useTranslation('announcements');
  const list = useEntityList<Announcement>({ entity: announcementEntity });
  const [state, setState] = useGuardedModalState(announcementEntity);
  // 发布/撤销 change what every recipient's 我的消息 shows too: both lists refresh themselves.
  const action = useEntityAction({ invalidates: [announcementEntity.table, MY_ANNOUNCEMENTS_RESOURCE] });
  const transition = (url: string) => (record: Announcement) => void action.run({ url, method: 'get', query: { id: record.id } });

  const actions = useRowActionsColumn<Announcement>({
    actions: [
      { key: 'edit', label: t('admin.edit'), code: ANNOUNCEMENT_PERMISSIONS.edit, showFor: (record) => record.sendStatus !== RELEASED, onClick: (record) => setState({ mode: 'edit', id: record.id }) },
      { key: 'release', label: t('admin.release'), code: ANNOUNCEMENT_PERMISSIONS.release, confirm: t('admin.confirmRelease'), showFor: (record) => record.sendStatus !== RELEASED, onClick: transition(ANNOUNCEMENT_API.release) },
      { key: 'revoke', label: t('admin.revoke'), code: ANNOUNCEMENT_PERMISSIONS.revoke, confirm: t('admin.confirmRevoke'), showFor: (record) => record.sendStatus === RELEASED, onClick: transition(ANNOUNCEMENT_API.revoke) },
      { key: 'delete', label: t('admin.delete'), code: permissionCode(announcementEntity, 'delete'), danger: true, confirm: t('admin.confirmDelete'), onClick: (record) => list.remove(record.id) },
    ],
  });

  const columns: TableColumnType<Announcement>[] = [
    { key: 'titile', dataIndex: 'titile', title: t('fields.titile') },
    { key: 'msgCategory', dataIndex: 'msgCategory', title: t('fields.msgCategory'), render: (value: string) => t(`category.${value}`) },
    {
      key: 'priority',
      dataIndex: 'priority',
      title: t('fields.priority'),
      render: (value: Announcement['priority']) => <Tag color={PRIORITY_COLORS[value]}>{t(`priority.${value}`)}</Tag>,
    },
    { key: 'msgType', dataIndex: 'msgType', title: t('fields.msgType'), render: (value: string) => t(`recipients.${value}`) },
    { key: 'sender', dataIndex: 'sender', title: t('fields.sender') },
    {
      key: 'sendStatus',
      dataIndex: 'sendStatus',
      title: t('fields.sendStatus'),
      render: (value: Announcement['sendStatus'] | null) => {
        const status = value ?? '0';
        return <Tag color={STATUS_COLORS[status]}>{t(`sendStatus.${status}`)}</Tag>;
      },
    },
    { key: 'sendTime', dataIndex: 'sendTime', title: t('fields.sendTime') },
    ...(actions === null ? [] : [actions]),
  ];

  return (
    <Card title={t('admin.title')}>
      <SearchForm entity={announcementEntity} formProps={list.searchFormProps} onReset={list.reset} />
      <Space wrap className="crud-toolbar" style={{ margin: '16px 0' }}>
        <CreateButton entity={announcementEntity} onClick={() => setState({ mode: 'create' })} />
        <BatchDeleteButton list={list} />
      </Space>
      <SelectionAlert count={list.selected.length} onClear={list.clearSelection} />
      <LoadErrorAlert error={list.isError ? t('crud:loadError') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<Announcement> {...list.tableProps} columns={columns} />
      <AnnouncementFormModal state={state} onClose={() => setState(null)} onSaved={() => setState(null)} />
    </Card>
  );
}
