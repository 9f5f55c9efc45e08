import { Component } from 'react';

interface ScrollMemoryProps {
  /** The id of the tab on show. */
  activeId: string | undefined;
}

/**
 * Remembers the window's scroll position per tab and puts it back when the tab shows again (a hidden
 * page keeps its DOM but the window scroll is shared by all tabs).
 *
 * A class because only getSnapshotBeforeUpdate reads the DOM before a commit changes it: by the time
 * any effect runs, the outgoing page is hidden and the browser has already clamped the scroll, and a
 * scroll event telling the last position may not have been delivered yet.
 */
export class ScrollMemory extends Component<ScrollMemoryProps> {
  private readonly positions = new Map<string, number>();
  private frame = 0;

  private readonly onScroll = () => {
    if (this.props.activeId !== undefined) this.positions.set(this.props.activeId, window.scrollY);
  };

  override componentDidMount(): void {
    window.addEventListener('scroll', this.onScroll, { passive: true });
  }

  override componentWillUnmount(): void {
    window.removeEventListener('scroll', this.onScroll);
    window.cancelAnimationFrame(this.frame);
  }

  override getSnapshotBeforeUpdate(previous: ScrollMemoryProps): number | null {
    return previous.activeId === this.props.activeId ? null : window.scrollY;
  }

  override componentDidUpdate(previous: ScrollMemoryProps, _state: unknown, leftAt: number | null): void {
    if (leftAt === null) return;
    if (previous.activeId !== undefined) this.positions.set(previous.activeId, leftAt);
    const { activeId } = this.props;
    const saved = activeId === undefined ? 0 : (this.positions.get(activeId) ?? 0);
    window.scrollTo(0, saved);
    // The page may still be growing (lazy chunk, data): try once more after it painted.
    window.cancelAnimationFrame(this.frame);
    this.frame = window.requestAnimationFrame(() => {
      if (this.props.activeId === activeId && Math.abs(window.scrollY - saved) > 1) window.scrollTo(0, saved);
    });
  }

  override render(): null {
    return null;
  }
}
