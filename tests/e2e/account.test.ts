/** docs/spec.md §2 account pages (register, register result, password recovery) and every login variant, in the browser. */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, baseURL, currentPath, newPage, serverLog, submitLogin, useBrowser } from './support';

const browser = useBrowser();

const PASSWORD = 'Passw0rd2024';
const freshPhone = () => `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const freshUsername = () => `e2e_${randomInt(0, 1_000_000_000).toString(36)}`;

function codesSentTo(mobile: string): string[] {
  const pattern = new RegExp(`SMS code for ${mobile}: (\\d{6})`, 'g');
  return [...serverLog().matchAll(pattern)].map((match) => match[1] ?? '');
}

/** Clicks 获取验证码 and reads the new code from the server log, as the demo operator would. */
async function requestCode(page: Page, mobile: string): Promise<string> {
  const before = codesSentTo(mobile).length;
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => codesSentTo(mobile).length, { timeout: 10_000 }).toBeGreaterThan(before);
  await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
  return codesSentTo(mobile).at(-1) ?? '';
}

async function registerThroughUi(page: Page, username: string, phone: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByRole('link', { name: '注册账户' }).click();
  await page.waitForURL((url) => url.pathname === '/user/register');
  // The login page stays up until the register chunk has loaded.
  await page.locator('#confirmpassword').waitFor();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#confirmpassword').fill(PASSWORD);
  await page.locator('#mobile').fill(phone);
  const code = await requestCode(page, phone);
  await page.locator('#captcha').fill(code);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/user/register-result');
}

async function apiPost<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Access-Token': token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; result: T; message: string };
  if (!envelope.success) throw new Error(`${path}: ${envelope.message}`);
  return envelope.result;
}

/** A one-time login ticket for clerk, issued by admin (system:sso:issue). */
async function clerkTicket(): Promise<string> {
  const { token } = await apiPost<{ token: string }>('/sys/login', DEMO.admin);
  const { ticket } = await apiPost<{ ticket: string }>('/sys/sso/ticket', { username: DEMO.clerk.username }, token);
  return ticket;
}

describe('register', () => {
  it('checks the form in the page: required fields, the strength hint and the confirmation', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/register');
    await expect.poll(() => page.title()).toMatch(/^注册 - /);
    await page.locator('button[type=submit]').click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByText('请输入手机号').waitFor();

    await page.locator('#password').fill('abc');
    await expect.poll(() => page.getByTestId('password-strength').textContent()).toContain('密码强度：太短');
    await page.locator('#password').fill('abcdefgh');
    await page.getByText('密码须为 8-64 位，且同时包含字母和数字').waitFor();
    await page.locator('#password').fill('Abcdefgh12!x');
    await expect.poll(() => page.getByTestId('password-strength').textContent()).toContain('密码强度：强');
    await page.locator('#confirmpassword').fill('Abcdefgh12!y');
    await page.getByText('两次输入的密码不一样！').waitFor();
    await page.locator('#mobile').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入正确的手机号').waitFor();
    await context.close();
  });

  it('registers a new account end to end; it cannot log in until an administrator approves it', async () => {
    const { context, page } = await newPage(browser());
    const username = freshUsername();
    const phone = freshPhone();

    // A wrong code first: the server's message shows and every typed value stays.
    await page.goto('/user/register');
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#confirmpassword').fill(PASSWORD);
    await page.locator('#mobile').fill(phone);
    const code = await requestCode(page, phone);
    await page.locator('#captcha').fill(code === '000000' ? '111111' : '000000');
    await page.locator('button[type=submit]').click();
    await page.getByRole('alert').filter({ hasText: '手机号或验证码错误' }).waitFor();
    expect(await page.locator('#username').inputValue()).toBe(username);
    expect(await page.locator('#mobile').inputValue()).toBe(phone);

    await page.locator('#captcha').fill(code);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/user/register-result');
    await page.getByText(`你的账户：${username} 注册成功`).waitFor();
    await page.getByText('账户需经管理员审核通过后才能登录').waitFor();
    // The result survives a reload through the query fallback.
    await page.reload();
    await page.getByText(`你的账户：${username} 注册成功`).waitFor();

    await page.getByRole('button', { name: '返回登录页' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    await submitLogin(page, { username, password: PASSWORD });
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
    expect(currentPath(page)).toBe('/user/login');
    await context.close();
  });
});

describe('password recovery (找回密码)', () => {
  it('verifies the phone, sets a new password and ends on the done step', async () => {
    const { context, page } = await newPage(browser());
    const username = freshUsername();
    const phone = freshPhone();
    await registerThroughUi(page, username, phone);

    await page.goto('/user/login');
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL((url) => url.pathname === '/user/alteration');
    await page.getByText('验证手机').waitFor();

    await page.locator('#mobile').fill(phone);
    const code = await requestCode(page, phone);
    await page.locator('#captcha').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('alert').filter({ hasText: '手机号或验证码错误' }).waitFor();
    expect(await page.locator('#mobile').inputValue()).toBe(phone);

    await page.locator('#captcha').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('#password').waitFor({ state: 'visible' });
    await page.locator('#password').fill('NewPassw0rd9');
    await page.locator('#confirmpassword').fill('NewPassw0rd8');
    await page.getByText('两次输入的密码不一样！').waitFor();
    await page.locator('#confirmpassword').fill('NewPassw0rd9');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('密码已重置').waitFor();

    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    await context.close();
  });
});

describe('login variants', () => {
  it('logs clerk in by phone with an SMS code from the log', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.locator('#mobile').fill('13900000000');
    const code = await requestCode(page, '13900000000');
    await page.locator('#captcha').fill(code);
    await page.getByRole('tabpanel').filter({ has: page.locator('#captcha') }).locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await context.close();
  });

  it('logs in with a third-party token (?thirdToken=)', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`/user/login?thirdToken=${await clerkTicket()}`);
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBeGreaterThan(0);
    await context.close();
  });

  it('logs in by single sign-on (?ticket=), and a used ticket is refused', async () => {
    const { context, page } = await newPage(browser());
    const ticket = await clerkTicket();
    await page.goto(`/user/login?ticket=${ticket}`);
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await context.close();

    const second = await newPage(browser());
    await second.page.goto(`/user/login?ticket=${ticket}`);
    await second.page.getByRole('alert').filter({ hasText: '登录凭证无效或已过期' }).waitFor();
    expect(new URL(second.page.url()).pathname).toBe('/user/login');
    await second.context.close();
  });
});
