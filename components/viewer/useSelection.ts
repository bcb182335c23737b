'use client';

import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { chipOf } from '../../lib/view/chips';
import { movedSeq } from '../../lib/view/moves';
import type { Ask } from '../../lib/engine/protocol';
import type { RowView } from '../../lib/view/rowview';
import type { TraceChange } from '../data/TraceClient';
import type { VirtualListHandle } from '../ui/VirtualList';
import { selectionOf, useViewUrl } from './useViewUrl';

type Url = ReturnType<typeof useViewUrl>;

export interface SelectionDeps {
  readonly ask: Ask;
  readonly url: Url;
  /** Bumped each time the worker answers with a new set of rows. */
  readonly viewVersion: number;
  readonly change: TraceChange | undefined;
  readonly expanded: readonly number[];
  readonly setExpanded: Dispatch<SetStateAction<readonly number[]>>;
  readonly list: RefObject<VirtualListHandle | null>;
  /** Says a failed one-off request under the toolbar. */
  readonly fail: (what: string) => (e: unknown) => void;
}

/**
 * The selected row and event: kept in the URL (the event's seq), found again in each new set of rows (a reload, a
 * filter, a live change that moved it), and moved by a click, the keyboard or a jump to an event that may be hidden.
 */
export function useSelection({ ask, url, viewVersion, change, expanded, setExpanded, list, fail }: SelectionDeps) {
  const [selectedRow, setSelectedRow] = useState(-1);
  // Rows that are new because the files changed: the selection is found again, but the list stays where it is.
  const stay = useRef(false);
  /** The selected event's seq after the change (the URL may not say it yet when the new rows arrive). */
  const movedSel = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!change) return;
    stay.current = true;
    // Events after a file that grew moved: the selected one (its file and line) is where it is now.
    const sel = url.sel === undefined ? undefined : movedSeq(url.sel, change.moves);
    movedSel.current = sel;
    if (sel !== url.sel) url.update({ sel, head: url.head }, 'replace');
    // Once per change: the URL it reads is the one of that change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change?.n]);

  // New rows: the selection (from the URL, e.g. after a reload) is found again and scrolled into view.
  useEffect(() => {
    const scroll = !stay.current;
    const sel = movedSel.current ?? url.sel;
    stay.current = false;
    movedSel.current = undefined;
    if (viewVersion === 0 || sel === undefined) return;
    let live = true;
    ask('rowOf', { seq: sel, ...(url.head ? { header: url.head } : {}) }).then((row) => {
      if (!live) return;
      setSelectedRow(row);
      if (row >= 0 && scroll) list.current?.scrollToIndex(row, 'center');
    }, fail('find the selected event'));
    return () => {
      live = false;
    };
    // url.sel is read once per view change on purpose: selecting a row must not rebuild the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask, viewVersion]);

  /** Selects a row the list shows; its event is asked for when the row was not fetched yet (End, far PageDown). */
  const selectRow = useCallback(
    (row: number, view: RowView | undefined, how: { readonly center?: boolean; readonly what?: string } = {}) => {
      setSelectedRow(row);
      if (how.center) list.current?.scrollToIndex(row, 'center');
      else list.current?.scrollToIndex(row);
      if (view) {
        const sel = selectionOf(view);
        if (sel) url.update(sel, 'replace');
        return;
      }
      ask('rows', { start: row, end: row + 1 }).then(
        ([v]) => {
          const sel = selectionOf(v);
          if (sel) url.update(sel, 'replace');
        },
        fail(how.what ?? 'select the row'),
      );
    },
    [url, ask, fail, list],
  );

  const jumpToSeq = useCallback(
    async (seq: number) => {
      try {
        let row = await ask('rowOf', { seq });
        if (row < 0) {
          // Hidden by the filter, by a chip that is off, or folded: show it (clear the filter, turn its chip on, unfold).
          const t = await ask('details', { seq });
          const chip = t ? chipOf(t.event) : undefined;
          const turn = t?.turn?.index;
          const unfold = t?.event.kind === 'stream' && turn !== undefined && !expanded.includes(turn);
          const reveal = chip !== undefined && !url.show.includes(chip);
          if (url.filter || reveal || unfold) {
            url.update({
              sel: seq,
              ...(url.filter ? { filter: '' } : {}),
              ...(reveal ? { show: [...url.show, chip] } : {}),
            });
            if (unfold) setExpanded((e) => [...e, turn]);
            return;
          }
          row = -1;
        }
        url.update({ sel: seq });
        if (row >= 0) {
          setSelectedRow(row);
          list.current?.scrollToIndex(row, 'center');
        }
      } catch (e) {
        fail(`go to event ${seq}`)(e);
      }
    },
    [ask, url, expanded, setExpanded, fail, list],
  );

  return { selectedRow, selectRow, jumpToSeq };
}
