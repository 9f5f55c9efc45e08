import { Space } from 'antd';
import type { ComponentType } from 'react';
import { LanguageSwitch } from './language-switch';
import { MenuSearch } from './menu-search';
import { NoticeBell } from '../notice/notice-bell';
import { TenantSwitch } from './tenant-switch';
import { UserMenu } from './user-menu';

/** The header's right-hand tools, left to right (the notice bell plugs in here). */
export const HEADER_TOOLS: readonly ComponentType[] = [MenuSearch, NoticeBell, LanguageSwitch, TenantSwitch, UserMenu];

export function HeaderTools({ tools = HEADER_TOOLS }: { tools?: readonly ComponentType[] }) {
  return (
    <Space size={8} align="center" style={{ flex: 'none' }}>
      {tools.map((Tool, position) => (
        <Tool key={Tool.displayName ?? Tool.name ?? position} />
      ))}
    </Space>
  );
}
