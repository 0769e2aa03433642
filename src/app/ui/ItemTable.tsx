// The table of a list page (data recovery, print records): scrolls sideways on a narrow screen, a
// header cell per column and a last column for the row's buttons, named for screen readers only.
// Its styles live here, not in one page's CSS: pages are loaded lazily, each with its own CSS.
import type { ReactNode } from "react";
import "./itemTable.css";

export interface ItemColumn {
  readonly id: string;
  readonly head: ReactNode;
}

export function ItemTable(props: {
  readonly columns: readonly ItemColumn[];
  readonly actionsLabel: string;
  readonly children: ReactNode;
}) {
  return (
    <div className="item-table-scroll">
      <table className="item-table">
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th scope="col" key={c.id}>
                {c.head}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{props.actionsLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
