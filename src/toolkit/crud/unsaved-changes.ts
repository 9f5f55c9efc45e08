import { App } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { randomId } from '../utils';

/**
 * Forms with unsaved changes, known to whatever may discard them: the form's own close (its × button, Esc, a click
 * on the mask), the page tab that holds it (closing or refreshing the tab), the browser (a reload or closing the
 * window). Tabs keep their pages alive, so switching tabs or following a link never loses a form: only these do.
 *
 * Kept outside React on purpose: a hidden tab's effects are torn down (<Activity mode="hidden">) while its form and
 * what was typed live on, so a registration made in an effect would forget exactly the forms a tab close discards.
 * A form is marked from its change handlers and unmarked when it closes or saves.
 */
class UnsavedForms {
  /** Form id → the page tab holding it (null outside a tab). */
  private readonly forms = new Map<string, string | null>();
  private listening = false;

  private readonly beforeUnload = (event: BeforeUnloadEvent): void => {
    if (this.forms.size === 0) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  };

  mark(formId: string, tabId: string | null): void {
    this.forms.set(formId, tabId);
    this.listen();
  }

  clear(formId: string): void {
    this.forms.delete(formId);
    this.listen();
  }

  /** Whether a form of one of these tabs has unsaved changes. */
  inTabs(tabIds: readonly string[]): boolean {
    return [...this.forms.values()].some((tab) => tab !== null && tabIds.includes(tab));
  }

  /** Forgets the forms of tabs that were closed or refreshed (their pages unmount with what was typed). */
  clearTabs(tabIds: readonly string[]): void {
    for (const [form, tab] of this.forms) if (tab !== null && tabIds.includes(tab)) this.forms.delete(form);
    this.listen();
  }

  get size(): number {
    return this.forms.size;
  }

  private listen(): void {
    if (typeof window === 'undefined') return;
    const wanted = this.forms.size > 0;
    if (wanted === this.listening) return;
    this.listening = wanted;
    if (wanted) window.addEventListener('beforeunload', this.beforeUnload);
    else window.removeEventListener('beforeunload', this.beforeUnload);
  }
}

export const unsavedForms = new UnsavedForms();

/** The id of the page tab a page renders in (src/shell/tabs/multi-tab-view.tsx); null outside the tabs. */
export const PageTabContext = createContext<string | null>(null);

export interface DiscardQuestion {
  /** Asks "放弃未保存的修改？" and runs `discard` only when the user agrees. */
  (discard: () => void): void;
}

/** The one question before unsaved changes are thrown away (a form's close, a tab's close). */
export function useConfirmDiscard(): DiscardQuestion {
  const { t } = useTranslation('crud');
  const { modal } = App.useApp();
  return useCallback(
    (discard: () => void) => {
      void modal.confirm({
        title: t('unsaved.title'),
        content: t('unsaved.content'),
        okText: t('unsaved.discard'),
        cancelText: t('unsaved.keepEditing'),
        okButtonProps: { danger: true },
        onOk: discard,
      });
    },
    [modal, t],
  );
}

export interface UnsavedChanges {
  /** Call from every change the user makes (a field, a grid cell, a row added). */
  markChanged(): void;
  /** Whether the user changed something since the form opened (or was last reset). */
  changed(): boolean;
  /** Forget the changes: after a save, after a close, when the record is loaded again. */
  reset(): void;
  /** Closes right away when nothing changed; otherwise asks first. */
  requestClose(close: () => void): void;
}

/**
 * One form's unsaved changes, registered with the tab that holds it and with the browser's reload guard. `openKey`
 * names what the form has open (null: closed): each change of it starts clean, however the form was closed (its
 * URL going back included).
 */
export function useUnsavedChanges(openKey?: string | null): UnsavedChanges {
  const tabId = useContext(PageTabContext);
  const confirmDiscard = useConfirmDiscard();
  const formId = useRef<string | null>(null);
  const dirty = useRef(false);
  const idOf = useCallback(() => (formId.current ??= randomId()), []);
  // Once per change of openKey, remembered in a ref: a hidden tab's effects run again when it is shown, and must not
  // forget what was typed there.
  const startedFor = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (openKey === undefined || startedFor.current === openKey) return;
    startedFor.current = openKey;
    dirty.current = false;
    unsavedForms.clear(idOf());
  }, [openKey, idOf]);
  return useMemo(() => {
    const reset = () => {
      dirty.current = false;
      unsavedForms.clear(idOf());
    };
    return {
      markChanged: () => {
        if (dirty.current) return;
        dirty.current = true;
        unsavedForms.mark(idOf(), tabId);
      },
      changed: () => dirty.current,
      reset,
      requestClose: (close) => {
        const discard = () => {
          reset();
          close();
        };
        if (!dirty.current) discard();
        else confirmDiscard(discard);
      },
    };
  }, [confirmDiscard, idOf, tabId]);
}

export interface DialogClose {
  /** For the form's onValuesChange (and any other change the user makes). */
  markChanged: () => void;
  /** The dialog's ×, 取消, Esc and mask: asks first once something was changed. */
  close: () => void;
  /** After a successful save: closes without asking. */
  done: () => void;
}

/** The close of a hand-made dialog form, mounted while it is open: asks before unsaved changes are dropped. */
export function useDialogClose(onClose: () => void): DialogClose {
  const unsaved = useUnsavedChanges('open');
  return {
    markChanged: unsaved.markChanged,
    close: () => unsaved.requestClose(onClose),
    done: () => {
      unsaved.reset();
      onClose();
    },
  };
}
