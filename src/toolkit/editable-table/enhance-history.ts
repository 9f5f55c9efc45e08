import { i18n } from '../../providers/i18n';

export const ENHANCE_HISTORY_CAP = 16;

export interface EnhanceEntry {
  name: string;
  at: number;
  ok: boolean;
}

/** Per-table record of enhancement hooks run, keeping only the last 16 (docs/spec.md §9). */
export class EnhanceHistory {
  private entries: EnhanceEntry[] = [];

  constructor(private readonly cap: number = ENHANCE_HISTORY_CAP) {}

  /** Runs a table enhancement hook (plain code, never evaluated text); its errors are logged, not thrown. */
  run(name: string, hook: () => void): boolean {
    let ok = true;
    try {
      hook();
    } catch (error) {
      ok = false;
      console.error(i18n.t('toolkit:table.enhanceError'), error);
    }
    this.entries.push({ name, at: Date.now(), ok });
    if (this.entries.length > this.cap) this.entries.splice(0, this.entries.length - this.cap);
    return ok;
  }

  list(): readonly EnhanceEntry[] {
    return this.entries;
  }
}
