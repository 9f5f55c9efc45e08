import type { BaseRecord } from '@refinedev/core';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../contracts/api-paths';
import type { CurrentDepartsResult, SelectDepartResult } from '../../contracts/session';
import { session } from '../../providers/session';
import { useCustomRead } from '../../toolkit/crud/use-custom-read';
import { useEntityAction } from '../../toolkit/crud/use-entity-action';

/** docs/spec.md §9: the department modal is 450 px wide. */
export const DEPART_MODAL_WIDTH = 450;

interface DepartSelectModalProps {
  /** Asked for: the list loads first, the dialog shows only afterwards. */
  requested: boolean;
  username: string;
  onClose(): void;
}

/** The department switch (docs/spec.md §2 Other dialogs, §7 Users). */
export function DepartSelectModal({ requested, username, onClose }: DepartSelectModalProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  // The current departments, read through Refine each time the dialog is asked for ('' marks a failed call).
  const departs = useCustomRead<CurrentDepartsResult>(requested ? { url: API.currentDeparts } : null, { failure: '' });
  const save = useEntityAction<SelectDepartResult & BaseRecord>({ invalidates: [], refusal: 'warning' });
  // undefined: nothing chosen in this opening yet (the current department shows).
  const [choice, setChoice] = useState<{ value: string | undefined } | undefined>(undefined);
  const [missing, setMissing] = useState(false);

  const list = departs.value?.list ?? [];
  const current = departs.value?.orgCode ?? null;
  // The current department is preselected: the placeholder would read as "none chosen yet".
  const selected = choice === undefined ? (list.some((depart) => depart.orgCode === current) ? (current ?? undefined) : undefined) : choice.value;
  const outcome = departs.value !== undefined ? (list.length === 0 ? 'none' : 'loaded') : departs.error === null ? 'loading' : departs.error === '' ? 'failed' : 'none';

  const close = () => {
    setChoice(undefined);
    setMissing(false);
    onClose();
  };

  // Not a load: what the read's outcome means for the dialog. No department (or a refusal) warns and
  // nothing opens; a failed call (already shown by the client) closes quietly.
  useEffect(() => {
    if (!requested) return;
    if (outcome === 'none') void message.warning(t('depart.none'));
    if (outcome === 'none' || outcome === 'failed') onClose();
  }, [requested, outcome, message, t, onClose]);

  const confirm = async () => {
    if (!selected) {
      setMissing(true);
      return;
    }
    const answer = await save.run({ url: API.selectDepart, method: 'post', values: { orgCode: selected, username } });
    if (answer === undefined) return;
    session.setUserInfo(answer.userInfo);
    close();
  };

  const currentName = list.find((depart) => depart.orgCode === current)?.departName;
  const lead = list.length > 1 ? t('depart.several') : currentName ? t('depart.current', { name: currentName }) : t('depart.none');

  return (
    <Modal
      title={t('depart.title')}
      open={requested && outcome === 'loaded'}
      width={DEPART_MODAL_WIDTH}
      onOk={() => void confirm()}
      onCancel={close}
      confirmLoading={save.running}
      okText={t('ok')}
      cancelText={t('cancel')}
      className="depart-select-modal"
      destroyOnHidden
    >
      <Typography.Paragraph>{lead}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t('depart.label')}
          htmlFor="depart-select"
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('depart.placeholder') : undefined}
        >
          <Select
            id="depart-select"
            value={selected}
            placeholder={t('depart.placeholder')}
            status={missing ? 'error' : undefined}
            allowClear
            onChange={(value: string | undefined) => {
              setChoice({ value });
              setMissing(false);
            }}
            options={list.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
