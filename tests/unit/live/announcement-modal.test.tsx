/** 通知消息's 去处理 (docs/spec.md §2): url navigates; component opens the page openPage names, with busId. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PageRegistry } from '../../../src/app/plugin-registry';
import { RegistryContext } from '../../../src/app/registry-context';
import { AnnouncementModal, useBusinessId, type AnnouncementView } from '../../../src/shell/notice';
import { businessTargetOf } from '../../../src/shell/notice/business-target';
import { useLocales } from '../use-locales';

useLocales('notice');

const announcement = (over: Partial<AnnouncementView>): AnnouncementView => ({
  titile: '待处理的订单',
  sender: 'admin',
  sendTime: '2024-06-01 10:00:00',
  msgContent: '<p>请处理</p>',
  priority: 'M',
  openType: null,
  openPage: null,
  busId: null,
  ...over,
});

describe('businessTargetOf', () => {
  it('url: an app path only', () => {
    expect(businessTargetOf({ openType: 'url', openPage: '/dashboard/workplace', busId: 'x' })).toEqual({ kind: 'route', to: '/dashboard/workplace' });
    expect(businessTargetOf({ openType: 'url', openPage: '//evil.example', busId: null })).toBeNull();
    expect(businessTargetOf({ openType: 'url', openPage: 'javascript:alert(1)', busId: null })).toBeNull();
  });

  it('component: a route path gets busId in its query; a page component path opens in a dialog', () => {
    expect(businessTargetOf({ openType: 'component', openPage: '/isps/userAnnouncement', busId: 'BUS 42&x' })).toEqual({
      kind: 'route',
      to: '/isps/userAnnouncement?busId=BUS+42%26x',
    });
    expect(businessTargetOf({ openType: 'component', openPage: '/isps/userAnnouncement', busId: null })).toEqual({ kind: 'route', to: '/isps/userAnnouncement' });
    expect(businessTargetOf({ openType: 'component', openPage: 'system/UserAnnouncementList', busId: 'b1' })).toEqual({ kind: 'component', componentPath: 'system/UserAnnouncementList' });
    expect(businessTargetOf({ openType: 'component', openPage: 'a/../b', busId: 'b1' })).toBeNull();
    expect(businessTargetOf({ openType: 'component', openPage: '', busId: 'b1' })).toBeNull();
    expect(businessTargetOf({ openType: null, openPage: '/x', busId: 'b1' })).toBeNull();
  });
});

function BusinessPageStub() {
  return <p data-testid="business-page">{`busId=${useBusinessId() ?? ''}`}</p>;
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderModal(view: AnnouncementView, onClose = vi.fn()) {
  const element = vi.fn(() => <BusinessPageStub />);
  const registry = { element } as unknown as PageRegistry;
  render(
    <RegistryContext.Provider value={registry}>
      <MemoryRouter initialEntries={['/dashboard/analysis']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <AnnouncementModal announcement={view} onClose={onClose} />
      </MemoryRouter>
    </RegistryContext.Provider>,
  );
  return { element, onClose };
}

const handle = () => screen.getByRole('button', { name: /去\s*处\s*理/ });

describe('AnnouncementModal 去处理', () => {
  it('openType component with a page component path: opens that page in a dialog with the busId', async () => {
    const { element, onClose } = renderModal(announcement({ openType: 'component', openPage: 'system/UserAnnouncementList', busId: 'BUS-7' }));
    fireEvent.click(handle());
    expect((await screen.findByTestId('business-page')).textContent).toBe('busId=BUS-7');
    expect(element).toHaveBeenCalledWith('system/UserAnnouncementList');
    expect(document.querySelector('[data-bus-id="BUS-7"]')).not.toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/analysis');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('openType component with a route path: closes and navigates there with ?busId=', () => {
    const { element, onClose } = renderModal(announcement({ openType: 'component', openPage: '/isps/userAnnouncement', busId: 'BUS-8' }));
    fireEvent.click(handle());
    expect(screen.getByTestId('location').textContent).toBe('/isps/userAnnouncement?busId=BUS-8');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(element).not.toHaveBeenCalled();
  });

  it('shows no 去处理 without a usable target', () => {
    renderModal(announcement({ openType: 'component', openPage: 'bad path!' }));
    expect(screen.queryByRole('button', { name: /去\s*处\s*理/ })).toBeNull();
  });
});
