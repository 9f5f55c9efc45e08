import { Button, DatePicker, Form, Input, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../src/providers/session';
import { LoadErrorAlert, useCustomRead, useFormAction } from '../../../src/toolkit/crud';
import { UploadWidget } from '../../../src/toolkit/upload';
import { ACCOUNT_API, ACCOUNT_RESOURCE, type AccountProfile, type ProfileChange, type Sex } from '../contracts';
import { shopNow } from '../../../src/toolkit/utils';

interface BaseValues {
  realname: string;
  email?: string;
  sex?: Sex | null;
  birthday?: Dayjs | null;
  phone?: string | null;
  avatar?: string;
}

const LAYOUT = { labelCol: { xs: { span: 24 }, sm: { span: 5 } }, wrapperCol: { xs: { span: 24 }, sm: { span: 14 } } };

/** The header shows the new name and avatar at once: the session's user info is what it reads. */
function applyToSession(profile: AccountProfile): void {
  const info = session.getUserInfo();
  if (info === null || info.id !== profile.id) return;
  session.setUserInfo({ ...info, realname: profile.realname, avatar: profile.avatar ?? '', email: profile.email ?? undefined, phone: profile.phone ?? undefined });
}

function BaseForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<BaseValues>();
  // The version of what the form shows: kept while it is open (a refetch of the profile changes neither the fields nor
  // it), moved on by its own save; a save over a newer one is refused with the server's 数据已被他人修改，请刷新后重试.
  const [rowVersion, setRowVersion] = useState(profile.rowVersion);
  // 个人中心's card (a kept-alive tab) and 安全设置 read the profile too: the account family refreshes them.
  const { submit, saving } = useFormAction<BaseValues, AccountProfile>(form, {
    request: (values) => {
      const change: ProfileChange = {
        realname: values.realname,
        email: values.email?.trim() ? values.email.trim() : null,
        sex: values.sex ?? null,
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
        avatar: values.avatar ? values.avatar : null,
        rowVersion,
      };
      return { url: ACCOUNT_API.profile, method: 'put', values: change };
    },
    invalidates: [ACCOUNT_RESOURCE],
    onDone: (saved) => {
      setRowVersion(saved.rowVersion);
      applyToSession(saved);
    },
  });

  return (
    <Form<BaseValues>
      form={form}
      {...LAYOUT}
      name="account-base"
      initialValues={{
        realname: profile.realname,
        email: profile.email ?? '',
        sex: profile.sex,
        birthday: profile.birthday ? dayjs(profile.birthday) : null,
        phone: profile.phone ?? '',
        avatar: profile.avatar ?? '',
      }}
      onFinish={() => void submit()}
      autoComplete="off"
    >
      <Form.Item label={t('fields.avatar')} name="avatar" extra={t('base.avatarHint')}>
        <UploadWidget fileType="image" number={1} bizPath="avatar" multiple={false} />
      </Form.Item>
      <Form.Item label={t('fields.realname')} name="realname" rules={[{ required: true, whitespace: true, message: t('base.realnameRequired') }, { max: 50, message: t('base.realnameTooLong') }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label={t('fields.email')} name="email" rules={[{ type: 'email', message: t('base.emailInvalid') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label={t('fields.sex')} name="sex">
        <Radio.Group
          options={[
            { value: 1, label: t('base.male') },
            { value: 2, label: t('base.female') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('fields.birthday')} name="birthday">
        <DatePicker disabledDate={(day) => day.isAfter(shopNow(), 'day')} />
      </Form.Item>
      <Form.Item label={t('fields.phone')} name="phone" extra={t('base.phoneHint')}>
        <Input readOnly disabled />
      </Form.Item>
      <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 14 } }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('base.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 基本设置: name, email, sex, birthday and avatar; the phone changes under 安全设置. */
export function BaseSetting() {
  const { t } = useTranslation('account');
  const profile = useCustomRead<AccountProfile>({ url: ACCOUNT_API.profile }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  if (profile.error !== null) return <LoadErrorAlert error={profile.error} onRetry={profile.retry} />;
  if (profile.value === undefined) return <Skeleton active />;
  return <BaseForm profile={profile.value} />;
}
