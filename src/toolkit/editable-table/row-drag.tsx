import { HolderOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, useDraggable, useSensor, useSensors, type Announcements, type DragEndEvent, type DragMoveEvent } from '@dnd-kit/core';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowStore } from './row-store';

/** Pointer travel before a press on the handle becomes a drag (a plain click stays a click). */
export const DRAG_ACTIVATION_PX = 4;

/** Where a dragged row lands: every row has the same height, so the vertical travel says how many places it moves. */
export function dropIndex(from: number, deltaY: number, rowHeight: number, rowCount: number): number {
  if (rowCount <= 0) return 0;
  const to = from + Math.round(deltaY / rowHeight);
  return Math.max(0, Math.min(rowCount - 1, to));
}

export interface RowDragState {
  id: string;
  offsetY: number;
  /** The index the row would take if dropped now. */
  target: number;
}

const RowDragStateContext = createContext<RowDragState | null>(null);

/** The row being dragged (null when none); only rows inside a RowDragContext ever see one. */
export function useRowDragState(): RowDragState | null {
  return useContext(RowDragStateContext);
}

/** How a row takes part in the current drag: moved by the pointer, marked as the landing place, or neither. */
export function rowDragView(drag: RowDragState | null, id: string, index: number, from: number): { offsetY: number | null; drop: 'above' | 'below' | null } {
  if (drag === null) return { offsetY: null, drop: null };
  if (drag.id === id) return { offsetY: drag.offsetY, drop: null };
  if (index !== drag.target) return { offsetY: null, drop: null };
  return { offsetY: null, drop: drag.target < from ? 'above' : 'below' };
}

export interface RowDragContextProps {
  store: RowStore;
  rowHeight: number;
  children: ReactNode;
}

/** Pointer drag-and-drop ordering of the rows (dnd-kit); the drop moves the row in the store, which rewrites the order field. */
export function RowDragContext({ store, rowHeight, children }: RowDragContextProps) {
  const { t } = useTranslation('toolkit');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }));
  const [drag, setDrag] = useState<RowDragState | null>(null);

  const landing = (id: string, deltaY: number) => {
    const from = store.indexOf(id);
    return { from, to: from < 0 ? -1 : dropIndex(from, deltaY, rowHeight, store.getRows().length) };
  };
  const onDragMove = ({ active, delta }: DragMoveEvent) => {
    const id = String(active.id);
    setDrag({ id, offsetY: delta.y, target: landing(id, delta.y).to });
  };
  const onDragEnd = ({ active, delta }: DragEndEvent) => {
    setDrag(null);
    const { from, to } = landing(String(active.id), delta.y);
    if (from >= 0 && to !== from) store.moveRow(from, to);
  };

  const announcements = useMemo<Announcements>(() => {
    const position = (id: string | number) => store.indexOf(String(id)) + 1;
    return {
      onDragStart: ({ active }) => t('table.dragStart', { index: position(active.id) }),
      onDragOver: () => undefined,
      onDragEnd: () => t('table.dragEnd'),
      onDragCancel: () => t('table.dragCancel'),
    };
  }, [store, t]);

  return (
    <DndContext
      sensors={sensors}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('table.dragInstructions') } }}
    >
      <RowDragStateContext.Provider value={drag}>{children}</RowDragStateContext.Provider>
    </DndContext>
  );
}

/** The handle a row is dragged by. */
export function RowDragHandle({ id }: { id: string }) {
  const { t } = useTranslation('toolkit');
  const { setNodeRef, listeners, attributes } = useDraggable({ id });
  return (
    <span ref={setNodeRef} {...attributes} {...listeners} aria-label={t('table.dragRow')} className="mbo-et-drag-handle">
      <HolderOutlined />
    </span>
  );
}
