/**
 * 表单开发's designer: the head and the fields grid are sent together to addAll in JeecgBoot's shapes (rows in
 * their order, 允许空 as dbIsNull); a refusal shows the server's words and keeps everything typed for a second try.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CgformDesigner } from '../../components/cgform-designer';
import { renderInRefine } from '../../../../tests/unit/customers/list-harness';
import { useDesignerServer } from './designer-harness';

let refuse = true;
beforeEach(() => {
  refuse = true;
});
const posted = useDesignerServer({ refuse: () => refuse });

const byLabel = (label: string) => [...document.querySelectorAll<HTMLInputElement>(`[data-testid="cgform-fields"] input[aria-label="${label}"]`)];

describe('the form designer', () => {
  it('sends head, fields and indexes to addAll; a refusal keeps what was typed', async () => {
    const onSaved = vi.fn();
    renderInRefine(<CgformDesigner target="new" onClose={() => undefined} onSaved={onSaved} />, []);
    const tableName = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('#cgform_head_tableName');
      if (input === null) throw new Error('no designer yet');
      return input;
    });
    fireEvent.change(tableName, { target: { value: 'demo_note' } });
    fireEvent.change(document.querySelector('#cgform_head_tableTxt') as HTMLInputElement, { target: { value: '备忘' } });
    fireEvent.change(byLabel('字段名')[0] as HTMLInputElement, { target: { value: 'title' } });
    fireEvent.change(byLabel('字段备注')[0] as HTMLInputElement, { target: { value: '标题' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '允许空 title' }));
    fireEvent.click(screen.getByTestId('cgform-add-field'));
    await waitFor(() => expect(byLabel('字段名')).toHaveLength(2));
    fireEvent.change(byLabel('字段名')[1] as HTMLInputElement, { target: { value: 'remark' } });
    fireEvent.change(byLabel('字段备注')[1] as HTMLInputElement, { target: { value: '备注' } });
    // The second row moves up: the order sent is the grid's.
    fireEvent.click(screen.getAllByRole('button', { name: '上移' })[1] as HTMLButtonElement);
    await waitFor(() => expect(byLabel('字段名').map((input) => input.value)).toEqual(['remark', 'title']));

    fireEvent.click(screen.getByTestId('cgform-save'));
    expect(await screen.findByText('表名已存在')).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      head: { tableName: 'demo_note', tableTxt: '备忘', tableType: 1, isTenant: 0 },
      fields: [
        { dbFieldName: 'remark', dbFieldTxt: '备注', dbType: 'string', dbIsNull: 1, isShowForm: 1, isShowList: 1, fieldShowType: 'text', orderNum: 1 },
        { dbFieldName: 'title', dbFieldTxt: '标题', dbIsNull: 0, orderNum: 2 },
      ],
      indexs: [],
    });
    // Nothing typed is lost: the same rows go again.
    expect(byLabel('字段名').map((input) => input.value)).toEqual(['remark', 'title']);
    expect(onSaved).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.click(screen.getByTestId('cgform-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted[1]).toEqual(posted[0]);
  }, 60_000);
});
