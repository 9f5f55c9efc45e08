/**
 * The upload widget (docs/spec.md §4/§9): its defaults (点击上传, bizPath temp, fileType all, number 0 = no limit,
 * returnUrl true, multiple files), the image-mode error dialog 上传出错, and '{file name} 上传失败.'.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadWidget, type UploadWidgetProps } from '../../../src/toolkit/upload';
import { useLocales } from '../use-locales';

const api = vi.hoisted(() => ({ upload: vi.fn() }));
vi.mock('../../../src/providers/http', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/providers/http')>();
  return { ...original, http: { ...original.http, upload: api.upload } };
});

useLocales('toolkit');
beforeEach(() => {
  api.upload.mockReset();
});

const done = (path: string) => ({ success: true, message: path, code: 200, result: null, timestamp: 0 });

function renderWidget(props: Partial<UploadWidgetProps> = {}) {
  const onChange = vi.fn();
  const view = render(
    <AntdApp>
      <UploadWidget onChange={onChange} {...props} />
    </AntdApp>,
  );
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  return { onChange, input, ...view };
}

async function choose(input: HTMLInputElement, ...names: string[]) {
  const files = names.map((name) => new File(['x'], name, { type: name.endsWith('.png') ? 'image/png' : 'text/plain' }));
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

/** The multipart form of the n-th upload request. */
const formOf = (call: number) => api.upload.mock.calls[call]?.[1] as FormData;

describe('upload widget defaults', () => {
  it("takes a record's empty field (null) as no files", () => {
    const { container } = renderWidget({ value: null, fileType: 'image' });
    expect(container.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);
    expect(container.querySelector('input[type=file]')).not.toBeNull();
  });

  it('shows 点击上传 and picks several files of any type', () => {
    const { input } = renderWidget();
    expect(screen.getByRole('button').textContent).toContain('点击上传');
    expect(input.multiple).toBe(true);
    expect(input.getAttribute('accept') ?? '').toBe('');
  });

  it('posts each file to /sys/common/upload with biz temp, keeps them all (number 0) and emits their paths joined (returnUrl)', async () => {
    let counter = 0;
    api.upload.mockImplementation(() => Promise.resolve(done(`temp/file_${++counter}.txt`)));
    const { input, onChange } = renderWidget();
    await choose(input, 'a.txt', 'b.txt', 'c.txt');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('temp/file_1.txt,temp/file_2.txt,temp/file_3.txt'));
    expect(api.upload).toHaveBeenCalledTimes(3);
    for (const call of [0, 1, 2]) {
      expect(api.upload.mock.calls[call]?.[0]).toBe('/sys/common/upload');
      expect(formOf(call).get('biz')).toBe('temp');
      expect(formOf(call).get('file')).toBeInstanceOf(File);
    }
    expect((formOf(0).get('file') as File).name).toBe('a.txt');
  });

  it('honours a given bizPath, number and returnUrl false (the defaults are what changes)', async () => {
    let counter = 0;
    api.upload.mockImplementation(() => Promise.resolve(done(`goods/file_${++counter}.txt`)));
    const { input, onChange } = renderWidget({ bizPath: 'goods', number: 1, returnUrl: false });
    await choose(input, 'a.txt', 'b.txt');
    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(2));
    expect(formOf(0).get('biz')).toBe('goods');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([{ fileName: 'b.txt', filePath: 'goods/file_2.txt', fileSize: 1 }]));
  });
});

describe('upload failures', () => {
  it('says \'{file name} 上传失败.\' when a file upload fails', async () => {
    api.upload.mockRejectedValue(new Error('Network Error'));
    const { input } = renderWidget();
    await choose(input, '合同.txt');
    expect(await screen.findByText('合同.txt 上传失败.')).toBeTruthy();
    expect(document.querySelector('.ant-message-error')).not.toBeNull();
    expect(document.querySelector('.ant-modal')).toBeNull();
  });

  it('shows the server message when the upload is unsuccessful', async () => {
    api.upload.mockResolvedValue({ success: false, message: '文件类型不允许', code: 500, result: null, timestamp: 0 });
    const { input, onChange } = renderWidget();
    await choose(input, 'virus.txt');
    expect(await screen.findByText('文件类型不允许')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('opens the dialog 上传出错 with the message when an image upload fails', async () => {
    api.upload.mockRejectedValue(new Error('磁盘已满'));
    const { input } = renderWidget({ fileType: 'image' });
    expect(input.getAttribute('accept')).toBe('image/*');
    await choose(input, 'logo.png');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('上传出错');
    expect(dialog.textContent).toContain('磁盘已满');
  });

  it('falls back to \'{file name} 上传失败.\' in the dialog when the image error has no message', async () => {
    api.upload.mockRejectedValue(new Error(''));
    const { input } = renderWidget({ fileType: 'image' });
    await choose(input, 'logo.png');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('上传出错');
    expect(dialog.textContent).toContain('logo.png 上传失败.');
  });
});
