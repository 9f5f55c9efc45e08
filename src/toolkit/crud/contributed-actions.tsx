import { Button } from 'antd';
import { createContext, Suspense, useContext, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessMap } from '../permission';

/** What a contributed batch action's dialog receives: the selected rows' ids, and how to finish. */
export interface BatchActionProps {
  ids: readonly string[];
  /** Closes the dialog (nothing changed, or it is done). */
  onClose: () => void;
  /** The action changed data: the list refreshes and its selection clears. */
  onDone: () => void;
}

/**
 * A batch action one plugin adds to another's list (营销's 发送优惠券 on the member list) without either
 * importing the other: the list asks the registry for the actions of its table. The dialog is a lazy
 * component of the contributing plugin, loaded with that plugin's namespaces when first opened.
 */
export interface ContributedBatchAction {
  key: string;
  /** i18n key of the button, in the contributing plugin's namespace. */
  label: string;
  /** Shown only to users granted this code (the permission the action's call checks). */
  permission: string;
  dialog: ComponentType<BatchActionProps>;
  /** Locale namespaces of the contributing plugin. */
  namespaces: readonly string[];
}

export const ContributedActionsContext = createContext<(table: string) => readonly ContributedBatchAction[]>(() => []);

/**
 * The batch actions other plugins add to the list of `table`, as toolbar buttons (disabled until rows
 * are selected, hidden without the permission), each opening its plugin's dialog for the selection.
 */
export function ContributedBatchActions({ table, selected, onDone }: { table: string; selected: readonly string[]; onDone: () => void }) {
  const actions = useContext(ContributedActionsContext)(table);
  const namespaces = useMemo(() => [...new Set(actions.flatMap((action) => action.namespaces))], [actions]);
  const { t, ready } = useTranslation(namespaces);
  const gates = useAccessMap(Object.fromEntries(actions.map((action) => [action.key, action.permission])));
  const [open, setOpen] = useState<{ action: ContributedBatchAction; ids: readonly string[] } | null>(null);
  if (actions.length === 0 || !ready) return null;
  return (
    <>
      {actions.map((action) =>
        gates[action.key]?.visible === true ? (
          <Button key={action.key} disabled={selected.length === 0 || gates[action.key]?.disabled === true} onClick={() => setOpen({ action, ids: [...selected] })}>
            {t(action.label)}
          </Button>
        ) : null,
      )}
      {open !== null ? (
        <Suspense fallback={null}>
          <open.action.dialog
            ids={open.ids}
            onClose={() => setOpen(null)}
            onDone={() => {
              setOpen(null);
              onDone();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
