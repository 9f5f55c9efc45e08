import { Space } from 'antd';
import type { ComponentType } from 'react';
import { UserMenu } from './user-menu';

/**
 * The header's right-hand tools, left to right. Menu search, the notice bell and the settings drawer
 * plug in here.
 */
export const HEADER_TOOLS: readonly ComponentType[] = [UserMenu];

export function HeaderTools({ tools = HEADER_TOOLS }: { tools?: readonly ComponentType[] }) {
  return (
    <Space size={8} align="center">
      {tools.map((Tool, position) => (
        <Tool key={Tool.displayName ?? Tool.name ?? position} />
      ))}
    </Space>
  );
}
