import { Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupField } from '../../../src/toolkit/popup';
import { FilePopup, UploadWidget, type UploadWidgetValue } from '../../../src/toolkit/upload';

const show = (value: UploadWidgetValue | undefined) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** Upload widget in file and image mode, the file popup and the popup picker writing form fields. */
export function WidgetsDemo() {
  const { t } = useTranslation('showcase');
  const [files, setFiles] = useState<UploadWidgetValue>();
  const [images, setImages] = useState<UploadWidgetValue>();
  const [popupOpen, setPopupOpen] = useState(false);
  const [popupValue, setPopupValue] = useState<UploadWidgetValue>();
  const [member, setMember] = useState<Record<string, string>>({});

  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card title={t('widgets.uploadTitle')} data-testid="upload-demo">
          <Typography.Paragraph type="secondary">{t('widgets.fileMode')}</Typography.Paragraph>
          <div data-testid="upload-files">
            <UploadWidget bizPath="showcase" onChange={setFiles} />
          </div>
          <pre data-testid="upload-files-value">{show(files)}</pre>
          <Typography.Paragraph type="secondary">{t('widgets.imageMode')}</Typography.Paragraph>
          <div data-testid="upload-images" style={{ paddingBottom: 24 }}>
            <UploadWidget fileType="image" number={3} returnUrl={false} onChange={setImages} />
          </div>
          <pre data-testid="upload-images-value">{show(images)}</pre>
          <Space>
            <Button onClick={() => setPopupOpen(true)} data-testid="open-file-popup">
              {t('widgets.openFilePopup')}
            </Button>
            <Typography.Text data-testid="file-popup-value">{show(popupValue)}</Typography.Text>
          </Space>
          {popupOpen && (
            <FilePopup
              open
              onCancel={() => setPopupOpen(false)}
              onOk={(value) => {
                setPopupValue(value);
                setPopupOpen(false);
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('widgets.popupTitle')} data-testid="popup-demo">
          <Form layout="vertical">
            <Form.Item label={t('widgets.chooseMember')}>
              <PopupField
                ariaLabel={t('widgets.chooseMember')}
                code="member_picker"
                orgFields="member_no,member_name,phone"
                destFields="memberNo,memberName,memberPhone"
                value={member.memberName}
                onSelect={(values) => setMember(values)}
              />
            </Form.Item>
            <Row gutter={8}>
              <Col span={8}>
                <Form.Item label={t('widgets.memberNo')}>
                  <Input readOnly value={member.memberNo ?? ''} data-testid="dest-memberNo" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('widgets.memberName')}>
                  <Input readOnly value={member.memberName ?? ''} data-testid="dest-memberName" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('widgets.memberPhone')}>
                  <Input readOnly value={member.memberPhone ?? ''} data-testid="dest-memberPhone" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('widgets.brokenPopup')}>
              <PopupField ariaLabel={t('widgets.brokenPopup')} code="member_picker" orgFields="member_no,member_name" destFields="memberNo" onSelect={() => undefined} />
            </Form.Item>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
