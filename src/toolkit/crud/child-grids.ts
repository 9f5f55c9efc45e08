import { createContext, useContext, useEffect } from 'react';

/** What the form asks of one child grid at save: its rows as the body carries them, or null when a cell is invalid. */
export interface ChildGridHandle {
  collect(): Array<Record<string, unknown>> | null;
}

/** The child grids inside one entity form, registered by key (master-detail, `EntityDefinition.children`). */
export class ChildGrids {
  private readonly grids = new Map<string, ChildGridHandle>();

  /** @param onEdit told of every change the user makes to a grid's rows (the form's unsaved changes). */
  constructor(private readonly onEdit: () => void = () => undefined) {}

  /** A grid's rows were changed by the user. */
  readonly edited = (): void => this.onEdit();

  register(key: string, handle: ChildGridHandle): () => void {
    this.grids.set(key, handle);
    return () => {
      if (this.grids.get(key) === handle) this.grids.delete(key);
    };
  }

  /** Each grid's rows by key; null when any grid has an invalid cell (it shows its own messages). */
  collect(): Record<string, Array<Record<string, unknown>>> | null {
    const rows: Record<string, Array<Record<string, unknown>>> = {};
    let valid = true;
    for (const [key, grid] of this.grids) {
      const collected = grid.collect();
      if (collected === null) valid = false;
      else rows[key] = collected;
    }
    return valid ? rows : null;
  }
}

export const ChildGridsContext = createContext<ChildGrids | null>(null);

/** The form's grids around a child grid (null outside a form). */
export const useChildGrids = (): ChildGrids | null => useContext(ChildGridsContext);

/** Registers a grid with the form around it while mounted. */
export function useChildGridRegistration(key: string, handle: ChildGridHandle): void {
  const grids = useContext(ChildGridsContext);
  useEffect(() => grids?.register(key, handle), [grids, key, handle]);
}
