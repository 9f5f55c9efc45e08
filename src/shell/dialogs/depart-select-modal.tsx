import { App, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../contracts/api-paths';
import type { CurrentDepartsResult, Department, SelectDepartResult } from '../../contracts/session';
import { http } from '../../providers/http';
import { session } from '../../providers/session';

/** Spec §9: the department modal is 450 px wide. */
export const DEPART_MODAL_WIDTH = 450;

interface DepartSelectModalProps {
  /** Asked for: the list loads first, the dialog shows only afterwards. */
  requested: boolean;
  username: string;
  onClose(): void;
}

interface Loaded {
  list: Department[];
  current: string | null;
}

/** The department switch (spec §2 Other dialogs, §7 Users). */
export function DepartSelectModal({ requested, username, onClose }: DepartSelectModalProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!requested) return;
    let live = true;
    http.get<CurrentDepartsResult>(API.currentDeparts).then(
      (answer) => {
        if (!live) return;
        const list = answer.success ? (answer.result?.list ?? []) : [];
        if (list.length === 0) {
          void message.warning(t('depart.none'));
          onClose();
          return;
        }
        const current = answer.result.orgCode;
        // The current department is preselected: the placeholder would read as "none chosen yet".
        setSelected(list.some((depart) => depart.orgCode === current) ? (current ?? undefined) : undefined);
        setMissing(false);
        setLoaded({ list, current });
      },
      () => {
        if (live) onClose();
      },
    );
    return () => {
      live = false;
      setLoaded(null);
    };
  }, [requested, message, t, onClose]);

  const confirm = async () => {
    if (!selected) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      const answer = await http.post<SelectDepartResult>(API.selectDepart, { orgCode: selected, username });
      if (answer.success) {
        session.setUserInfo(answer.result.userInfo);
        void message.success(answer.message);
        onClose();
      } else {
        void message.warning(answer.message);
      }
    } catch {
      // The http client already showed the failure.
    } finally {
      setSaving(false);
    }
  };

  const list = loaded?.list ?? [];
  const currentName = list.find((depart) => depart.orgCode === loaded?.current)?.departName;
  const lead = list.length > 1 ? t('depart.several') : currentName ? t('depart.current', { name: currentName }) : t('depart.none');

  return (
    <Modal
      title={t('depart.title')}
      open={requested && loaded !== null}
      width={DEPART_MODAL_WIDTH}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={saving}
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
              setSelected(value);
              setMissing(false);
            }}
            options={list.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
