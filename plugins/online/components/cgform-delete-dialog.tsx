import { Alert, Checkbox, Modal, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityAction } from '../../../src/toolkit/crud';
import { CGFORM_API, type CgformHead } from '../cgform-api';
import { CGFORM_HEAD_RESOURCE } from './cgform-designer';

/** 删除 a definition, asked first; the real table goes too only when "同时删除数据库表" is ticked. */
export function CgformDeleteDialog({ head, onClose }: { head: CgformHead | null; onClose: () => void }) {
  return head === null ? null : <DeleteDialog key={head.id} head={head} onClose={onClose} />;
}

function DeleteDialog({ head, onClose }: { head: CgformHead; onClose: () => void }) {
  const { t } = useTranslation('online');
  const [dropTable, setDropTable] = useState(false);
  const { run, running } = useEntityAction({ invalidates: [CGFORM_HEAD_RESOURCE] });
  const remove = async () => {
    const done = await run({ url: CGFORM_API.headDelete, method: 'delete', query: { id: head.id, ...(dropTable ? { dropTable: true } : {}) } });
    if (done !== undefined) onClose();
  };
  return (
    <Modal
      open
      title={t('remove.title', { name: head.tableName })}
      onCancel={onClose}
      onOk={() => void remove()}
      okText={t('remove.confirm')}
      cancelText={t('remove.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'cgform-delete-confirm' } as ButtonProps}
      confirmLoading={running}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('remove.question', { name: head.tableTxt })}</Typography.Paragraph>
      <Checkbox checked={dropTable} onChange={(event) => setDropTable(event.target.checked)}>
        {t('remove.dropTable')}
      </Checkbox>
      {dropTable && <Alert type="warning" showIcon message={t('remove.dropWarning')} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
