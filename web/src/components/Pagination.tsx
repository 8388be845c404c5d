import { Pagination as BsPagination } from 'react-bootstrap';
import { memo } from 'react';
import { paginationItems } from './pagination-items';
import './pagination.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  onChange(page: number): void;
  label?: string;
}

/** Bootstrap pager: previous/next, sibling count 1, ellipses past 7 pages. */
/** Memoised: give it a stable `onChange`, and a list's rows arriving leave it alone. */
export const Pagination = memo(function Pagination({ page, pageCount, onChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <BsPagination className="mb-0 flex-wrap" size="sm">
        <BsPagination.Prev disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page" />
        {paginationItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <BsPagination.Item
              key={item}
              active={item === page}
              onClick={() => item !== page && onChange(item)}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
            >
              {item}
            </BsPagination.Item>
          ) : (
            <BsPagination.Ellipsis key={item} disabled />
          ),
        )}
        <BsPagination.Next disabled={page >= pageCount} onClick={() => onChange(page + 1)} aria-label="Next page" />
      </BsPagination>
    </nav>
  );
});
