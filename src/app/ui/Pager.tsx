// Previous / "page n of m" / next under a paged list (print records, API calls, a team's activity):
// one navigation landmark named by the caller, the buttons disabled at either end.
import "./pager.css";

export interface PagerProps {
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
  /** the navigation's accessible name */
  readonly label: string;
  readonly prev: string;
  readonly next: string;
  /** "Page 2 of 5 (93 records)", in the caller's words */
  readonly status: string;
  /** data-testid of the status text */
  readonly testId?: string;
}

export function Pager({ page, pages, onPage, label, prev, next, status, testId }: PagerProps) {
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {prev}
      </button>
      <span data-testid={testId}>{status}</span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {next}
      </button>
    </nav>
  );
}
