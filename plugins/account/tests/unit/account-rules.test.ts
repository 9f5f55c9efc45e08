import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sectionOf } from '../../components/sections';
import { bindingsOf, checkProfileChange, maskAccount } from '../../server/profile';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'account-unit-'));
fs.mkdirSync(path.join(root, 'avatar'));
fs.writeFileSync(path.join(root, 'avatar', 'me.png'), 'png');
fs.writeFileSync(path.join(root, 'avatar', 'notes.txt'), 'txt');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const NOW = new Date(2026, 10, 24, 12, 0, 0);

describe('个人设置 sections', () => {
  it('reads the section from the URL, 基本设置 for anything else', () => {
    expect(sectionOf('/account/settings/security')).toBe('security');
    expect(sectionOf('/account/settings/notification/')).toBe('notification');
    expect(sectionOf('/account/settings/base')).toBe('base');
    expect(sectionOf('/account/settings')).toBe('base');
    expect(sectionOf('/account/settings/unknown')).toBe('base');
  });
});

describe('profile change rules', () => {
  it('trims, turns blanks into null and keeps a stored image as the avatar', () => {
    expect(checkProfileChange({ realname: ' 李四 ', email: ' ', birthday: '', avatar: 'avatar/me.png', sex: 1 }, root, NOW)).toEqual({
      ok: true,
      values: { realname: '李四', email: null, sex: 1, birthday: null, avatar: 'avatar/me.png' },
    });
  });

  it('refuses each bad value with its message', () => {
    expect(checkProfileChange({ realname: '' }, root, NOW)).toEqual({ ok: false, message: '姓名不能为空' });
    expect(checkProfileChange({ realname: '名'.repeat(51) }, root, NOW)).toEqual({ ok: false, message: '姓名长度不能超过50个字符' });
    expect(checkProfileChange({ realname: '张三', email: 'a@b' }, root, NOW)).toEqual({ ok: false, message: '请输入正确的邮箱地址' });
    expect(checkProfileChange({ realname: '张三', birthday: '2026-11-25' }, root, NOW)).toEqual({ ok: false, message: '生日不能晚于今天' });
    expect(checkProfileChange({ realname: '张三', birthday: '2026-11-24' }, root, NOW).ok).toBe(true);
    for (const avatar of ['avatar/notes.txt', 'avatar/missing.png', '../avatar/me.png', '/etc/passwd.png']) {
      expect(checkProfileChange({ realname: '张三', avatar }, root, NOW)).toEqual({ ok: false, message: '头像须为已上传的图片' });
    }
  });

  it('masks the bound accounts', () => {
    expect(maskAccount('phone', '13800000000')).toBe('138****0000');
    expect(maskAccount('email', 'alice@example.com')).toBe('a***@example.com');
    expect(bindingsOf({ phone: null, email: 'bob@example.com' })).toEqual([
      { provider: 'phone', bound: false, account: null },
      { provider: 'email', bound: true, account: 'b***@example.com' },
    ]);
  });
});
